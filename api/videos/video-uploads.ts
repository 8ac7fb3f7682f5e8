import { randomUUID } from 'node:crypto';
import { DomainError } from '../../events/store/errors.ts';
import type { EventStore } from '../../events/store/event-store.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';
import type { Actor } from '../../events/actor.ts';
import { extensionOf } from '../../events/video/video.policy.ts';
import { runCommand, type CommandOrigin } from '../commands/run-command.ts';
import type { UploadedVideo } from '../contract/videos.schema.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { isUuid } from '../http/is-uuid.ts';
import { canSee, findProperty } from '../properties/properties.read.ts';
import { writeToQuarantine, type Quarantined } from './quarantine-writer.ts';
import { videoCommands } from './video-commands.ts';
import { findSameUpload, findUploadedVideo } from './videos.read.ts';
import { cutText } from '../contract/well-formed-text.ts';

// Where an upload, whichever way it came (tus, the spec's multipart call, the
// admin's edited version), becomes a file in quarantine and an event.

export type UploadDeps = { db: Database; store: EventStore; files: FileStorage; clock: () => Date };

type Source = AsyncIterable<Uint8Array> & { destroy?: (error?: Error) => void };

/** The longest original name kept (shown to admins, never a path). */
const MAX_NAME = 200;

/** "IMG_0042.MOV" as sent, without folders, control characters or excess length; "video" when empty. */
export function displayName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = cutText(base.replace(/[\u0000-\u001f\u007f]/g, '').trim(), MAX_NAME);
  return clean || 'video';
}

/**
 * A listing a host names for a video must be theirs: someone else's live one is 403; one the
 * caller may not see (someone else's listing that is not live) is 404 like a missing or malformed
 * id, so the answer never tells that it exists (CONTRACT.md). Null when none was named.
 */
export async function ownListing(
  db: SqlClient,
  actor: Actor,
  propertyId: string | null | undefined,
): Promise<string | null> {
  if (propertyId === null || propertyId === undefined || propertyId === '') return null;
  const row = isUuid(propertyId) ? await findProperty(db, propertyId) : undefined;
  if (!row || !canSee(row, actor)) throw new DomainError('not_found', 'property_not_found', 'Property not found');
  if (row.owner_id !== actor.id)
    throw new DomainError('forbidden', 'not_owner', 'A video can be added only to your own listing.');
  return row.id;
}

/**
 * How long the same file sent again by the same person for the same listing is
 * taken for a retry of the first (issue 27): as long as a finished resumable
 * upload answers HEAD, and as long as an Idempotency-Key is kept.
 */
export const SAME_UPLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Thrown inside the append's transaction to undo it: the file is one this person uploaded already. */
class SameUpload extends Error {
  constructor(readonly videoId: string) {
    super('the same file was uploaded already');
  }
}

/**
 * Records a video already streamed into quarantine (VideoUploaded). With the
 * origin's idempotency key the append is deduplicated: a retry whose first attempt was
 * recorded gets that video back (its id derived from the same key) and the
 * retry's copy is deleted. So is the same file (by its SHA-256) sent again by
 * the same person for the same listing within SAME_UPLOAD_WINDOW_MS, whatever
 * the way (a tus upload started again, a multipart retry without a key): it
 * is checked in the append's transaction under a lock on owner and hash, so
 * two at once record one. A refused command leaves nothing stored.
 */
export async function recordUploadedVideo(
  { db, store, files, clock }: UploadDeps,
  {
    videoId,
    actor,
    origin,
    propertyId,
    originalName,
    quarantined,
  }: {
    videoId: string;
    actor: Actor;
    origin: CommandOrigin;
    propertyId: string | null;
    originalName: string;
    quarantined: Quarantined;
  },
): Promise<UploadedVideo> {
  let replayed: boolean;
  let firstId = videoId;
  const at = clock().toISOString();
  try {
    const result = await runCommand(
      store,
      origin,
      videoCommands,
      videoId,
      {
        type: 'UploadVideo',
        videoId,
        actor,
        propertyId,
        upload: { originalName, ...quarantined },
        at,
      },
      {
        alongside: async (tx) => {
          await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
            `video-upload:${actor.id}:${quarantined.sha256}`,
          ]);
          const since = new Date(new Date(at).getTime() - SAME_UPLOAD_WINDOW_MS).toISOString();
          const same = await findSameUpload(tx, {
            videoId,
            ownerId: actor.id,
            propertyId,
            sha256: quarantined.sha256,
            since,
          });
          if (same) throw new SameUpload(same);
        },
      },
    );
    replayed = result.events.length === 0;
  } catch (error) {
    await files.delete(quarantined.quarantineKey).catch(() => undefined);
    if (!(error instanceof SameUpload)) throw error;
    replayed = true;
    firstId = error.videoId;
  }
  if (replayed) {
    await files.delete(quarantined.quarantineKey).catch(() => undefined);
    const first = await findUploadedVideo(db, firstId);
    if (first) return first;
  }
  return {
    videoId,
    fileName: `${videoId}.${extensionOf(quarantined.contentType)}`,
    originalName,
    status: 'pending_scan',
    fileSize: quarantined.size,
    propertyId,
  };
}

/**
 * An admin's edited version of a clean video, into quarantine to be scanned
 * before it is published. The decider is asked before a byte is stored (a
 * video not waiting for an edit is refused at once) and again with the file.
 */
export async function storeEditedVideo(
  { store, files, clock }: UploadDeps,
  {
    videoId,
    actor,
    origin,
    originalName,
    source,
    canEdit,
  }: {
    videoId: string;
    actor: Actor;
    origin: CommandOrigin;
    originalName: string;
    source: Source;
    canEdit: () => Promise<void>;
  },
): Promise<void> {
  await canEdit();
  const quarantined = await writeToQuarantine(files, source, { videoId, uploadId: randomUUID() });
  try {
    await runCommand(store, origin, videoCommands, videoId, {
      type: 'UploadEditedVideo',
      actor,
      upload: { originalName, ...quarantined },
      at: clock().toISOString(),
    });
  } catch (error) {
    await files.delete(quarantined.quarantineKey).catch(() => undefined);
    throw error;
  }
}
