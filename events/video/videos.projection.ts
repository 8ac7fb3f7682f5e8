import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import type { VideoEvent, VideoStatus } from './video.decider.ts';
import { VIDEO_EVENT_NAMES, videoEventTypes } from './video.events.ts';

const decode = createEventDecoder(videoEventTypes);

/** Column values an event sets (besides version and updated_at). */
type Change = { status?: VideoStatus; at: string; set: Record<string, unknown> };

function changeOf(event: Exclude<VideoEvent, { type: 'VideoUploaded' }>): Change {
  switch (event.type) {
    case 'VideoScannedClean': {
      const { file, scannedAt } = event.data;
      return {
        status: file === 'original' ? 'pending_review' : 'publishing',
        at: scannedAt,
        set: { scan_attempts: 0, last_scan_error: null, next_scan_at: null, scanned_at: scannedAt },
      };
    }
    case 'VideoFoundInfected': {
      const { file, scannedAt, signature } = event.data;
      return {
        status: file === 'original' ? 'infected' : 'edited_infected',
        at: scannedAt,
        set: {
          scan_attempts: 0,
          last_scan_error: null,
          next_scan_at: null,
          scanned_at: scannedAt,
          infected_signature: signature,
        },
      };
    }
    case 'VideoScanFailed': {
      const { file, failure, attempt, reason, failedAt, nextAttemptAt } = event.data;
      const prefix = file === 'edited' ? 'edited_' : '';
      const status = `${prefix}${failure === 'unavailable' ? 'scan_unavailable' : 'scan_failed'}` as VideoStatus;
      return {
        status,
        at: failedAt,
        set: { scan_attempts: attempt, last_scan_error: reason, next_scan_at: nextAttemptAt },
      };
    }
    case 'EditedVideoUploaded': {
      const { originalName, size, contentType, quarantineKey, editedBy, uploadedAt } = event.data;
      return {
        status: 'edited_pending_scan',
        at: uploadedAt,
        set: {
          edited_name: originalName,
          edited_size: size,
          edited_content_type: contentType,
          edited_key: quarantineKey,
          edited_by: editedBy,
          edited_uploaded_at: uploadedAt,
          scan_attempts: 0,
          last_scan_error: null,
          next_scan_at: uploadedAt,
          infected_signature: null,
        },
      };
    }
    case 'VideoPublished': {
      const { approvedKey, fileName, size, contentType, publishedAt } = event.data;
      return {
        status: 'approved',
        at: publishedAt,
        set: {
          approved_key: approvedKey,
          approved_file_name: fileName,
          approved_size: size,
          approved_content_type: contentType,
          approved_at: publishedAt,
        },
      };
    }
    case 'QuarantineCopyDeleted':
      return { at: event.data.deletedAt, set: {} };
    case 'VideoAttachedToListing':
      return { at: event.data.attachedAt, set: { property_id: event.data.propertyId } };
    case 'VideoDetachedFromListing':
      return { at: event.data.detachedAt, set: { property_id: null } };
    case 'VideoExpiredUnreviewed':
      return {
        status: 'expired',
        at: event.data.expiredAt,
        set: { next_scan_at: null, expired_at: event.data.expiredAt },
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

async function applyOne(tx: SqlClient, event: VideoEvent, version: number): Promise<void> {
  if (event.type === 'VideoUploaded') {
    const { videoId, ownerId, propertyId, originalName, size, contentType, quarantineKey, uploadedAt, sha256 } =
      event.data;
    await tx.query(
      `insert into videos (id, owner_id, property_id, status, original_name, file_size, content_type, quarantine_key,
         uploaded_at, next_scan_at, updated_at, version, content_sha256)
       values ($1, $2, $3, 'pending_scan', $4, $5, $6, $7, $8, $8, $8, $9, $10)
       on conflict (id) do nothing`,
      [
        videoId,
        ownerId,
        propertyId,
        originalName,
        size,
        contentType,
        quarantineKey,
        uploadedAt,
        version,
        sha256 ?? null,
      ],
    );
    return;
  }
  const { status, at, set } = changeOf(event);
  const columns = Object.entries({ ...(status ? { status } : {}), ...set, updated_at: at });
  const assignments = columns.map(([name], i) => `${name} = $${i + 3}`).join(', ');
  // Skipped when the row already reflects this event (a replay changes nothing).
  await tx.query(`update videos set ${assignments}, version = $2 where id = $1 and version < $2`, [
    event.data.videoId,
    version,
    ...columns.map(([, value]) => value),
  ]);
}

/** The `videos` read model: the admins' pending list, the owners' approved videos, a listing's video. */
export const videosProjection: Projection = {
  name: 'videos',
  tables: ['videos'],
  handles: VIDEO_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) await applyOne(tx, decode(recorded), recorded.streamVersion);
  },
};
