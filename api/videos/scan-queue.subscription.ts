import { createEventDecoder } from '../../events/store/event-type.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { Subscription } from '../../events/store/subscriptions.ts';
import { EditedVideoUploaded, VideoUploaded } from '../../events/video/video.events.ts';

const decode = createEventDecoder([VideoUploaded, EditedVideoUploaded]);

/**
 * Puts every file uploaded to quarantine in the scan queue (`video_scans`),
 * in the batch's transaction with the checkpoint: each file gets exactly one
 * row, none is lost in a crash. The scan itself runs later, outside any
 * transaction (scan-worker.ts, docs/decisions/080).
 */
export const videoScanQueue: Subscription = {
  name: 'video-scan-queue',
  types: [VideoUploaded.type, EditedVideoUploaded.type],
  async handle(tx: SqlClient, events) {
    for (const recorded of events) {
      if (!videoScanQueue.types!.includes(recorded.type)) continue;
      const event = decode(recorded);
      const file = event.type === 'VideoUploaded' ? 'original' : 'edited';
      const { videoId, quarantineKey, uploadedAt } = event.data;
      // The owner, for taking turns between owners (scan-worker.ts); an edited version is its video owner's turn.
      const ownerId = event.type === 'VideoUploaded' ? event.data.ownerId : null;
      await tx.query(
        `insert into video_scans (quarantine_key, video_id, file, due_at, created_at, owner_id)
         values ($1, $2, $3, $4, $4, coalesce($5::uuid, (select owner_id from videos where id = $2::uuid)))
         on conflict (quarantine_key) do nothing`,
        [quarantineKey, videoId, file, uploadedAt, ownerId],
      );
    }
  },
};
