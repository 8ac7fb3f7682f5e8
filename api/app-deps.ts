import type { EventStore } from '../events/store/event-store.ts';
import type { Database } from '../events/store/sql.ts';
import type { PasswordHasher } from './auth/password.ts';
import type { DevClock } from './dev-clock.ts';
import type { Config } from './env.ts';
import type { Geolocator } from './analytics/geolocate.ts';
import type { PageViewBuffer } from './analytics/page-view-buffer.ts';
import type { ViewRateLimit } from './analytics/view-rate-limit.ts';
import type { FileStorage } from './files/file-storage.ts';
import type { Logger } from './logger.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { SearchChangeFeed } from './properties/search-cache.ts';
import type { SearchIndexReplica } from './properties/search-index-replica.ts';
import type { TusVideoUploads } from './videos/tus-uploads.ts';

/** What the app is built from (api/runtime.ts makes it; tests make their own with real parts). */
export type AppDeps = {
  config: Config;
  db: Database;
  store: EventStore;
  log: Logger;
  clock: () => Date;
  version: string;
  /** Messages to people (codes, links); a worker hands them to the sender port. */
  outbox: Outbox;
  passwords: PasswordHasher;
  /** Uploaded files: local disk under DATA_DIR or S3 (api/files). */
  files: FileStorage;
  /** Resumable video uploads (tus), staged under DATA_DIR or in the S3 bucket. */
  videoUploads: TusVideoUploads;
  /** Visitor analytics' page views wait here and are written in batches (docs/decisions/100). */
  pageViews: PageViewBuffer;
  /** Page views per client address and per device a minute (docs/decisions/110). */
  viewRateLimit: ViewRateLimit;
  /** City and country of an IP address, from the offline database. */
  geolocate: Geolocator;
  /** Search's change log as this process follows it, and the in-memory index it keeps current (docs/decisions/230, 260). */
  search: { changes: SearchChangeFeed; index: SearchIndexReplica };
  /** Where the built PWA lives; absent in API-only tests. */
  pwaDir?: string;
  /** The clock end-to-end tests move (POST /api/dev/clock), with the dev outbox only. */
  devClock?: DevClock;
  /** The built server renderer of the first paint (dist/server/render-page.js, ADR 280); absent: the shell only. */
  firstPaintFile?: string;
};
