import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { runSubscriptionBatch } from '../../events/store/subscriptions.ts';
import type { AppDeps } from '../../api/app-deps.ts';
import { createVirusScanner } from '../../api/videos/create-scanner.ts';
import { writeToQuarantine } from '../../api/videos/quarantine-writer.ts';
import { videoScanQueue } from '../../api/videos/scan-queue.subscription.ts';
import { createVideoScanWorker } from '../../api/videos/scan-worker.ts';
import { recordUploadedVideo, storeEditedVideo } from '../../api/videos/video-uploads.ts';
import { systemOrigin } from '../../api/commands/run-command.ts';
import type { VirusScanner } from '../../api/videos/virus-scanner.ts';

// Property videos for the seed (issue 28: My Videos, Video Management and the
// listing's tour started empty), made the way the app makes them: the host's
// upload into quarantine, its scan, the admin's edited version, its scan, and
// publication to the owner's approved area.

/** A 3-second walk past a drawn house (H.264, 16 KB), recorded by Chromium: the machine has no ffmpeg. */
export const SEED_VIDEO_FILE = new URL('./assets/home-tour.mp4', import.meta.url);

export type SeedVideoDeps = Pick<AppDeps, 'config' | 'db' | 'store' | 'files' | 'outbox' | 'clock'>;

/**
 * What became of a seed video: published on its listing, scanned clean and
 * waiting for an admin's edit, or waiting in quarantine because no scan could
 * be made (`reason`).
 */
export type SeededVideo = {
  videoId: string;
  originalName: string;
  status: 'approved' | 'pending_review' | 'waiting';
  reason?: string;
};

const bytesOf = (buffer: Buffer) => Readable.from([buffer]);

/** How long the seed waits for the log to let its upload through, and how often it looks. */
const LOG_CATCH_UP_MS = 60_000;
const LOG_RETRY_PAUSE_MS = 50;

/**
 * Uploads the video as `ownerId` for `propertyId` and has it scanned by the
 * configured ClamAV (or `scanner`); to `publish` it, uploads the same file as
 * the admin's edited version, scans that and publishes it. When the scanner
 * cannot scan (no ClamAV, no signature database) the video stays in
 * quarantine, as a host's would, and the server's scan worker takes it up
 * once ClamAV works: no scan is recorded that was not made.
 */
export async function seedVideo(
  deps: SeedVideoDeps,
  {
    ownerId,
    adminId,
    propertyId,
    originalName,
    publish,
    scanner = createVirusScanner(deps.config.clamav),
  }: {
    ownerId: string;
    adminId: string;
    propertyId: string;
    originalName: string;
    publish: boolean;
    scanner?: VirusScanner;
  },
): Promise<SeededVideo> {
  const file = await readFile(SEED_VIDEO_FILE);
  const videoId = randomUUID();
  const quarantined = await writeToQuarantine(deps.files, bytesOf(file), { videoId, uploadId: randomUUID() });
  await recordUploadedVideo(deps, {
    videoId,
    actor: { id: ownerId, isAdmin: false },
    origin: systemOrigin('seed'),
    propertyId,
    originalName,
    quarantined,
  });
  const worker = createVideoScanWorker({ ...deps, scanner });
  const scan = async () => {
    // The scan queue learns of the upload from the log, as it does in the server. The log is read
    // only up to the oldest transaction still open on the database server, so on a server others
    // use the upload may not be readable yet: 'idle' (nothing queued) means exactly that, since
    // the upload was just recorded. Ask again until the queue has it.
    const deadline = Date.now() + LOG_CATCH_UP_MS;
    for (;;) {
      while ((await runSubscriptionBatch(deps.db, videoScanQueue)).handled > 0);
      const verdict = await worker.scanNext();
      if (verdict !== 'idle') return verdict;
      if (Date.now() > deadline)
        throw new Error(
          `the scan queue did not see the seed's video ${videoId} within ${LOG_CATCH_UP_MS / 1000} s: a transaction held open on the database server holds the log back`,
        );
      await setTimeout(LOG_RETRY_PAUSE_MS);
    }
  };
  const waiting = (what: string, verdict: string): SeededVideo => ({
    videoId,
    originalName,
    status: 'waiting',
    reason: `ClamAV (${scanner.name}) gave no clean verdict for ${what} ("${verdict}")`,
  });
  const first = await scan();
  if (first !== 'clean') return waiting('the upload', first);
  if (!publish) return { videoId, originalName, status: 'pending_review' };
  await storeEditedVideo(deps, {
    videoId,
    actor: { id: adminId, isAdmin: true },
    origin: systemOrigin('seed'),
    originalName,
    source: bytesOf(file),
    canEdit: async () => {},
  });
  const second = await scan();
  if (second !== 'clean') return waiting('the edited version', second);
  if (!(await worker.publishNext()))
    throw new Error(`the seed's video ${videoId} was scanned clean twice but could not be published`);
  // Its quarantine copies have done their work, as the worker would find on its next pass.
  while (await worker.deletePublishedCopyNext());
  return { videoId, originalName, status: 'approved' };
}
