import { startSubscription } from '../../events/store/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Logger } from '../logger.ts';
import { errorText } from '../logger.ts';
import { createVirusScanner } from './create-scanner.ts';
import { videoScanQueue } from './scan-queue.subscription.ts';
import { createVideoScanWorker, startVideoScanWorker } from './scan-worker.ts';

/** How often unfinished tus uploads past their 24 hours are looked for. */
const EXPIRY_SWEEP_MS = 60 * 60 * 1000;

/**
 * What runs beside the HTTP server for videos (docs/decisions/080): the
 * subscription that queues every uploaded file for a scan, the worker that
 * scans, publishes and deletes expired infected copies, and the hourly sweep
 * of abandoned uploads. `stop()` waits for a scan in progress to end.
 */
export function startVideoPipeline(
  deps: Pick<AppDeps, 'config' | 'db' | 'store' | 'files' | 'outbox' | 'clock' | 'videoUploads'>,
  log: Logger,
  { pollMs = 1_000 } = {},
) {
  const scanner = createVirusScanner(deps.config.clamav);
  const queue = startSubscription(deps.db, videoScanQueue, {
    onError: (error) => log.error('video scan queue', { error: errorText(error) }),
  });
  const worker = startVideoScanWorker(createVideoScanWorker({ ...deps, scanner, log }), {
    pollMs,
    onError: (error) => log.error('video scan worker', { error: errorText(error) }),
  });
  const sweep = setInterval(() => {
    deps.videoUploads.deleteExpired().then(
      (deleted) => deleted > 0 && log.info('expired video uploads deleted', { deleted }),
      (error: unknown) => log.warn('expired video uploads', { error: errorText(error) }),
    );
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  log.info('video scanner', { scanner: scanner.name });
  return {
    async stop() {
      clearInterval(sweep);
      await Promise.all([queue.stop(), worker.stop()]);
    },
  };
}
