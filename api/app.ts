import { Hono } from 'hono';
import type { EventStore } from '../events/store/event-store.ts';
import type { Database } from '../events/store/sql.ts';
import { adminAccountRoutes } from './admin-account/admin-account.routes.ts';
import { adminPropertiesRoutes } from './admin-properties/admin-properties.routes.ts';
import { authRoutes, signInRedirect } from './auth/auth.routes.ts';
import type { PasswordHasher } from './auth/password.ts';
import { sessionMiddleware } from './auth/session.middleware.ts';
import type { Config } from './env.ts';
import { favoritesRoutes } from './favorites/favorites.routes.ts';
import type { FileStorage } from './files/file-storage.ts';
import { fileRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import type { AppEnv } from './http/app-env.ts';
import { errorBody, errorResponse } from './http/error-response.ts';
import type { Logger } from './logger.ts';
import { csrfOriginCheck } from './middleware/csrf.ts';
import { idempotencyKeys } from './middleware/idempotency.ts';
import { devOutboxRoutes } from './outbox/dev-outbox.routes.ts';
import type { Outbox } from './outbox/outbox.ts';
import { requestContext } from './middleware/request-context.ts';
import { propertiesRoutes } from './properties/properties.routes.ts';
import { userPropertiesRoutes } from './properties/user-properties.routes.ts';
import { pwaRoutes } from './static/serve-pwa.ts';
import { uploadRoutes } from './uploads/uploads.routes.ts';

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
  /** Where the built PWA lives; absent in API-only tests. */
  pwaDir?: string;
};

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(deps.log));
  app.onError(errorResponse);

  const api = new Hono<AppEnv>();
  api.use('*', csrfOriginCheck(deps.config.publicOrigin));
  api.use('*', idempotencyKeys(deps.db));
  api.use('*', sessionMiddleware(deps));
  api.route('/health', healthRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.get('/login', signInRedirect);
  api.route('/admin', adminAccountRoutes(deps));
  if (!deps.config.production) api.route('/dev', devOutboxRoutes(deps));
  api.route('/properties', propertiesRoutes(deps));
  api.route('/user', userPropertiesRoutes(deps));
  api.route('/admin', adminPropertiesRoutes(deps));
  api.route('/favorites', favoritesRoutes(deps));
  api.route('/upload', uploadRoutes(deps));
  api.all('*', (c) => c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`, 'not_found'), 404));

  app.route('/api', api);
  app.route('/files', fileRoutes(deps.files));
  if (deps.pwaDir) app.route('/', pwaRoutes(deps.pwaDir));
  return app;
}
