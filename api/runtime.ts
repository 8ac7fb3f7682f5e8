import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEventStore } from '../events/store/event-store.ts';
import { createProjectionSet, type Projection } from '../events/store/projections.ts';
import type { Database } from '../events/store/sql.ts';
import { readModels } from '../events/read-models.ts';
import { createFileStorage } from './files/create-storage.ts';
import { createGeolocator } from './analytics/geolocate.ts';
import { createPageViewBuffer } from './analytics/page-view-buffer.ts';
import { setAsidePageView } from './analytics/page-view-dead-letters.ts';
import { writePageViews } from './analytics/page-views.write.ts';
import { createViewRateLimit, VIEW_RATE_LIMITS } from './analytics/view-rate-limit.ts';
import { createSearchChangeFeed } from './properties/search-cache.ts';
import { createSearchIndexReplica } from './properties/search-index-replica.ts';
import type { AppDeps } from './app-deps.ts';
import { ensureAdmin } from './auth/ensure-admin.ts';
import { createScryptHasher, type PasswordHasher } from './auth/password.ts';
import { queuedHasher } from './auth/password-queue.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { refusesValues } from './db/refused-values.ts';
import type { Config } from './env.ts';
import { errorText, type Logger } from './logger.ts';
import type { DeliverySetup } from './contract/outbox.schema.ts';
import { deliverySetup } from './outbox/gateways.ts';
import { createOutbox } from './outbox/outbox.ts';
import { createLogSender, senderPerChannel, type MessageSender } from './outbox/sender.ts';
import { createSmtpSender } from './outbox/smtp-sender.ts';
import { createTwilioSender } from './outbox/twilio-sender.ts';
import { createPushSender } from './outbox/push-sender.ts';
import { createTusVideoUploads } from './videos/tus-uploads.ts';
import { createDevClock } from './dev-clock.ts';

/** The project's folder, where package.json is: above this file, run from api/ (tsx) or built into dist/api/. */
function projectRoot(): URL {
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    if (existsSync(new URL('package.json', dir))) return dir;
    if (dir.pathname === '/') throw new Error(`no package.json above ${import.meta.url}`);
  }
}
const ROOT = projectRoot();

export const MIGRATIONS_DIR = fileURLToPath(new URL('migrations', ROOT));
export const PWA_DIR = fileURLToPath(new URL('dist/pwa', ROOT));
/** Built with dist/pwa by `npm run build`: the two belong together, so a copy of the PWA served elsewhere gets none. */
export const FIRST_PAINT_FILE = fileURLToPath(new URL('dist/server/render-page.js', ROOT));
export const VERSION: string = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')).version;

/**
 * Migrations that leave a read model without what the events already in the log
 * say (new tables without rows, a new column without values), with the projection
 * to rebuild once they are applied.
 */
const REBUILT_AFTER: Readonly<Record<string, string>> = {
  '0720_listing_search.sql': 'properties',
  '0750_properties_region.sql': 'properties',
  '0753_listing_freshness.sql': 'properties',
};

/**
 * Builds everything the app needs on an open database: migrations first (a
 * failure stops here with the file's name), then any read model a migration
 * just made is rebuilt from the log, then the store with its inline
 * projections. Tests call this with their own database and clock.
 */
export async function buildDeps(
  db: Database,
  config: Config,
  log: Logger,
  options: {
    clock?: () => Date;
    projections?: readonly Projection[];
    pwaDir?: string;
    passwords?: PasswordHasher;
  } = {},
): Promise<AppDeps> {
  const applied = await migrate(db, MIGRATIONS_DIR);
  const projections = createProjectionSet(options.projections ?? readModels);
  const stale = new Set(applied.flatMap((file) => REBUILT_AFTER[file] ?? []));
  const rebuilt = projections.projections.filter((p) => stale.has(p.name));
  if (rebuilt.length > 0) {
    const started = performance.now();
    const { events } = await createProjectionSet(rebuilt).rebuild(db);
    log.info('read models rebuilt after a migration', {
      readModels: rebuilt.map((p) => p.name),
      events,
      ms: Math.round(performance.now() - started),
    });
  }
  const store = createEventStore(db, { project: projections.applyInline, projectsAny: projections.handlesAny });
  const clock = options.clock ?? (() => new Date());
  const outbox = createOutbox(db, clock);
  // Every hash waits its turn: a flood of sign-ins gets 503s, not the whole thread pool.
  const passwords = queuedHasher(options.passwords ?? createScryptHasher());
  const files = createFileStorage(config);
  const videoUploads = createTusVideoUploads({ db, store, files, clock, config });
  const pageViews = createPageViewBuffer((batch) => writePageViews(db, batch), {
    flushEveryMs: config.analyticsFlushSeconds * 1000,
    onError: (error) => log.error('page views not written', { error: errorText(error) }),
    refusesValues,
    setAside: async (view, error) => {
      await setAsidePageView(db, view, error, clock());
      log.warn('page view refused by the database, set aside', { error: errorText(error) });
    },
  });
  const viewRateLimit = createViewRateLimit(() => clock().getTime(), {
    ...VIEW_RATE_LIMITS,
    perAddressPerMinute: config.analyticsViewsPerMinute,
  });
  const geolocate = createGeolocator();
  // The search caches and the index tell time by the app's clock, so a test can step past the log's age instead of sleeping.
  const searchChanges = createSearchChangeFeed(db, { now: () => clock().getTime() });
  const search = {
    changes: searchChanges,
    index: createSearchIndexReplica(db, searchChanges, { log: log.child({ topic: 'search index' }) }),
  };
  const deps: AppDeps = {
    config,
    db,
    store,
    log,
    clock,
    version: VERSION,
    outbox,
    passwords,
    files,
    videoUploads,
    pageViews,
    viewRateLimit,
    geolocate,
    search,
  };
  if (options.pwaDir) deps.pwaDir = options.pwaDir;
  return deps;
}

/** `pwaDir`: where the built PWA is served from (the update journey serves a copy). */
export async function openRuntime(config: Config, log: Logger, options: { pwaDir?: string } = {}) {
  const db = await openDatabase(config);
  try {
    // With the dev outbox only: a clock end-to-end tests may move on (api/dev-clock.ts).
    const devClock = config.devOutbox ? createDevClock() : undefined;
    const deps = await buildDeps(db, config, log, {
      pwaDir: options.pwaDir ?? PWA_DIR,
      ...(devClock ? { clock: devClock.now } : {}),
    });
    if (devClock) deps.devClock = devClock;
    if (!options.pwaDir) deps.firstPaintFile = FIRST_PAINT_FILE;
    if (config.admin) {
      const outcome = await ensureAdmin(deps, config.admin);
      log.info('admin account', { email: config.admin.email, outcome });
    }
    return deps;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * The gateway per channel: e-mail over SMTP when SMTP_URL is set, SMS through
 * Twilio's API when its settings are; otherwise the log sender, which only
 * records. `gateways` names them for the start-up log (never a secret).
 */
export function createMessageSender(
  config: Config,
  log: Logger,
  db?: Database,
): { sender: MessageSender; gateways: Pick<DeliverySetup, 'email' | 'sms'> } {
  const logSender = createLogSender(log);
  const { email, sms } = deliverySetup(config);
  return {
    sender: senderPerChannel({
      email: config.smtp ? createSmtpSender({ ...config.smtp, linkOrigin: config.publicOrigin }) : logSender,
      sms: config.sms ? createTwilioSender(config.sms) : logSender,
      // Without VAPID keys no push is ever queued (api/saved-searches/search-alerts.ts): the log sender is a fallback only.
      push: config.push && db ? createPushSender(db, config.push) : logSender,
    }),
    gateways: { email, sms },
  };
}
