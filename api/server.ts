import { startVisitorAnalytics } from './analytics/visitor-analytics.jobs.ts';
import { createApp } from './app.ts';
import { finishRequestsInFlight, listen } from './http/listen.ts';
import { MigrationError } from './db/migrate.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger, errorText } from './logger.ts';
import { pruneIdempotencyKeys } from './middleware/idempotency.ts';
import { startOutboxWorker } from './outbox/outbox.worker.ts';
import { warnAboutDelivery, warnAboutVirusScanner } from './startup-notices.ts';
import { photoStagingDirectory, sweepStagedPhotos } from './uploads/staged-photo.ts';
import { createMessageSender, openRuntime } from './runtime.ts';
import { warnAboutClamdLimits } from './videos/clamd-limits.ts';
import { startVideoPipeline } from './videos/video-pipeline.ts';
import { startSubscription } from '../events/store/subscriptions.ts';
import { searchAlertsSubscription } from './saved-searches/search-alerts.ts';
import { startFreshnessSweeps } from './listing-freshness/freshness-sweep.ts';

const log = createLogger({ service: 'efie-api' });
/** How long a stop waits for the requests in flight: well inside the 30 s a service manager or Kubernetes gives. */
const DRAIN_MS = 20_000;

async function main() {
  const config = loadConfig(process.env);
  const deps = await openRuntime(config, log);
  const app = createApp(deps);
  if (config.devOutbox) {
    log.warn(
      'DEV OUTBOX IS ON (EFIE_DEV_OUTBOX=1): GET /api/dev/outbox shows every verification code and reset link to callers on this machine. Never set it on a server people use.',
    );
  }
  const server = listen(app.fetch, { port: config.port }, (info) => {
    log.info('listening', { url: `http://localhost:${info.port}`, database: deps.db.kind, dataDir: config.dataDir });
  });
  // Searches go to the database until the in-memory index has loaded (100,000 listings: about a second).
  void deps.search.index.ready();
  // Hourly, and photos at start-up too: a photo staged by a process that died mid-upload is never discarded by it.
  const sweepPhotos = () => void sweepStagedPhotos(photoStagingDirectory(config.dataDir), deps.clock()).catch(() => {});
  sweepPhotos();
  const pruning = setInterval(
    () => {
      void pruneIdempotencyKeys(deps.db).catch(() => {});
      sweepPhotos();
    },
    60 * 60 * 1000,
  );
  pruning.unref();
  const { sender, gateways } = createMessageSender(config, log, deps.db);
  log.info('message delivery', { ...gateways, push: config.push ? 'web-push' : 'off' });
  warnAboutDelivery(config, log);
  const outboxWorker = startOutboxWorker(deps.db, sender, {
    log,
    clock: deps.clock,
    // The text of a sent code or link is kept only for the dev outbox to show.
    forgetSecrets: !config.devOutbox,
    smsHourlyBudget: config.smsHourlyBudget,
  });
  const videos = startVideoPipeline(deps, log);
  void warnAboutVirusScanner(config, log).catch((error: unknown) =>
    log.warn('virus scanner not checked', { reason: String(error) }),
  );
  // In the background: clamd's limits are tried with probes, which take a few seconds.
  void warnAboutClamdLimits(config.clamav, log).catch((error: unknown) =>
    log.warn('clamd limits not checked', { reason: String(error) }),
  );
  const analytics = startVisitorAnalytics(deps, log);
  // Hourly: a reminder a week before an unconfirmed listing leaves search, and its leaving (ADR 400).
  const freshness = startFreshnessSweeps(deps, log);
  const searchAlerts = startSubscription(deps.db, searchAlertsSubscription(deps), {
    pollMs: 1_000,
    onError: (error) => log.error('saved search alerts', { error: errorText(error) }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { signal });
    // No new connection is taken; the requests in flight are answered (their connections then
    // close), and only then do the workers stop and the database close under them.
    const drained = await finishRequestsInFlight(server, DRAIN_MS);
    if (!drained) log.warn('requests still running after the drain were cut off', { drainMs: DRAIN_MS });
    // The running batches end, and the page views still in the buffer are written before the database closes.
    await Promise.all([outboxWorker.stop(), videos.stop(), analytics.stop(), searchAlerts.stop(), freshness.stop()]);
    await deps.db.close();
    log.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // One clear line for the person starting the server.
  if (error instanceof ConfigError || error instanceof MigrationError) console.error(error.message);
  else console.error('Efie could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
