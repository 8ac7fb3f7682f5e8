import type { AppDeps } from '../app-deps.ts';
import { errorText, type Logger } from '../logger.ts';
import { deleteExpiredAnalytics } from './retention.ts';

/** How often usage data past its two years is looked for. */
const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/**
 * What runs beside the HTTP server for visitor analytics (docs/decisions/100): the page-view
 * buffer's flush timer and the hourly retention job, with the geolocation database loaded
 * at start-up rather than on the first visitor. `stop()` writes what the buffer still holds.
 */
export function startVisitorAnalytics(
  deps: Pick<AppDeps, 'db' | 'clock' | 'pageViews' | 'viewRateLimit' | 'geolocate'>,
  log: Logger,
) {
  const started = performance.now();
  deps.geolocate.preload();
  log.info('geolocation database loaded', { ms: Math.round(performance.now() - started) });
  deps.pageViews.start();
  const sweep = () =>
    deleteExpiredAnalytics(deps.db, deps.clock()).then(
      (deleted) => (deleted.pageViews > 0 || deleted.visitors > 0) && log.info('expired usage data deleted', deleted),
      (error: unknown) => log.warn('usage data retention', { error: errorText(error) }),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await deps.pageViews.stop();
      const { written, dropped, failedWrites, setAside } = deps.pageViews.stats();
      log.info('page views flushed', {
        written,
        dropped,
        failedWrites,
        setAside,
        rateLimited: deps.viewRateLimit.refused(),
      });
    },
  };
}
