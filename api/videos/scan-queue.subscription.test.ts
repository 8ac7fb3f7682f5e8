import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readModels } from '../../events/read-models.ts';
import { handleCommand } from '../../events/store/command-handler.ts';
import { createEventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { runSubscriptionBatch } from '../../events/store/subscriptions.ts';
import { videoAggregate } from '../../events/video/video.decider.ts';
import { videoStreamId } from '../../events/video/video.events.ts';
import { quarantineKeyFor } from '../../events/video/video.policy.ts';
import { readAllSettled } from '../../testing/settled-read.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { videoScanQueue } from './scan-queue.subscription.ts';

// In the `log` project (vitest.config.ts): what a subscription reads depends on the
// server's transaction horizon, which another file's open transaction would hold back.

const database = useMigratedDatabase();

describe('video scan queue subscription', () => {
  it('queues each uploaded file once through the checkpointed subscription', async () => {
    const store = createEventStore(database(), { project: createProjectionSet(readModels).applyInline });
    const videoId = randomUUID();
    const key = quarantineKeyFor(videoId, randomUUID(), 'video/mp4');
    await handleCommand(store, videoAggregate, videoStreamId(videoId), {
      type: 'UploadVideo',
      videoId,
      actor: { id: randomUUID(), isAdmin: false },
      propertyId: null,
      at: new Date().toISOString(),
      upload: { originalName: 'tour.mp4', size: 64, contentType: 'video/mp4', quarantineKey: key },
    });
    const queued = () =>
      database().query<{ quarantine_key: string; file: string }>('select quarantine_key, file from video_scans');

    // Once the upload lies below the horizon, the first batch is sure to see it.
    await readAllSettled(database(), 1);
    expect(await runSubscriptionBatch(database(), videoScanQueue)).toEqual({ handled: 1, busy: false });
    // The checkpoint moved past it: a second batch is handed nothing, and the file is queued once.
    expect(await runSubscriptionBatch(database(), videoScanQueue)).toEqual({ handled: 0, busy: false });
    expect(await queued()).toEqual([{ quarantine_key: key, file: 'original' }]);
    expect(
      (await database().query('select 1 from subscription_checkpoints where name = $1', ['video-scan-queue'])).length,
    ).toBe(1);
    const [row] = await database().query<{ status: string }>('select status from videos where id = $1', [videoId]);
    expect(row).toEqual({ status: 'pending_scan' });
  });
});
