import { Hono } from 'hono';
import type { AppDeps } from './app-deps.ts';
import { adminAccountRoutes } from './admin-account/admin-account.routes.ts';
import { adminPropertiesRoutes } from './admin-properties/admin-properties.routes.ts';
import { adminsRoutes } from './admins/admins.routes.ts';
import { adminAnalyticsRoutes } from './analytics/admin-analytics.routes.ts';
import { ANALYTICS_BODY_LIMITS, TRACK_VISITOR_PATH, trackVisitorRoutes } from './analytics/track-visitor.routes.ts';
import { authRoutes, signInRedirect } from './auth/auth.routes.ts';
import { sessionMiddleware } from './auth/session.middleware.ts';
import { favoritesRoutes } from './favorites/favorites.routes.ts';
import { fileRoutes } from './files/files.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import type { AppEnv } from './http/app-env.ts';
import { clientAddresses } from './http/client-address.ts';
import { limitRequestBodies } from './http/body-limit.ts';
import { closeConnectionsWhenStopping } from './http/listen.ts';
import { securityHeaders } from './http/security-headers.ts';
import { errorBody, errorResponse } from './http/error-response.ts';
import { csrfOriginCheck } from './middleware/csrf.ts';
import { idempotencyKeys } from './middleware/idempotency.ts';
import { openApiDocument } from './openapi/openapi.routes.ts';
import { adminOutboxRoutes } from './outbox/admin-outbox.routes.ts';
import { devOutboxRoutes } from './outbox/dev-outbox.routes.ts';
import { requestContext } from './middleware/request-context.ts';
import { wellFormedUrl } from './middleware/well-formed-url.ts';
import { listingPageHead } from './properties/listing-page.ts';
import { propertiesRoutes } from './properties/properties.routes.ts';
import { userPropertiesRoutes } from './properties/user-properties.routes.ts';
import { serviceProvidersRoutes } from './service-providers/service-providers.routes.ts';
import { sitemapRoutes } from './sitemap/sitemap.routes.ts';
import { firstPaint } from './static/first-paint.ts';
import { pwaRoutes } from './static/serve-pwa.ts';
import { adminMessagesRoutes } from './support-messages/admin-messages.routes.ts';
import {
  adminContactRoutes,
  hostContactCountsRoutes,
  listingContactRoutes,
} from './listing-contacts/listing-contacts.routes.ts';
import { hostAnalyticsRoutes } from './host-analytics/host-analytics.routes.ts';
import { adminReportRoutes, listingReportRoutes } from './listing-reports/listing-reports.routes.ts';
import { adminSuspensionRoutes } from './account-suspensions/suspensions.routes.ts';
import { devClockRoutes } from './dev-clock.ts';
import { listingReviewRoutes, reviewRoutes } from './reviews/reviews.routes.ts';
import { devFreshnessRoutes, listingFreshnessRoutes } from './listing-freshness/freshness.routes.ts';
import { conversationRoutes, listingConversationRoutes } from './conversations/conversations.routes.ts';
import { adminConversationReportRoutes } from './conversations/conversation-reports.routes.ts';
import { savedSearchRoutes } from './saved-searches/saved-searches.routes.ts';
import { adminAgentLicensesRoutes } from './agent-licenses/admin-agent-licenses.routes.ts';
import { contactRoutes, supportRoutes } from './support-messages/support-messages.routes.ts';
import { deriveListingImage } from './uploads/image-processing.ts';
import { STREAMED_UPLOAD_PATHS, UPLOAD_BODY_LIMITS, uploadRoutes } from './uploads/uploads.routes.ts';
import {
  adminVideoRoutes,
  listingVideoRoutes,
  ownerVideoRoutes,
  STREAMED_BODY_PATHS,
  tusVideoRoutes,
  VIDEO_BODY_LIMITS,
  videoUploadRoutes,
} from './videos/videos.routes.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Outermost: every answer, errors and refusals included, leaves with the security headers.
  app.use('*', securityHeaders(deps.config));
  // Before anything can read a body: a request over its route's limit is cut off at the limit.
  app.use('*', limitRequestBodies([...UPLOAD_BODY_LIMITS, ...VIDEO_BODY_LIMITS, ...ANALYTICS_BODY_LIMITS]));
  app.use('*', requestContext(deps.log, { quietPaths: [TRACK_VISITOR_PATH] }));
  app.use('*', clientAddresses(deps.config.trustProxy));
  app.use('*', closeConnectionsWhenStopping);
  app.onError(errorResponse);

  const api = new Hono<AppEnv>();
  api.use('*', csrfOriginCheck(deps.config.publicOrigin));
  // A NUL in the path or query (`%00`) is a 400 before any route reads it (CONTRACT.md "Text").
  api.use('*', wellFormedUrl);
  // The session first: an Idempotency-Key belongs to the signed-in account, whichever session sends it.
  api.use('*', sessionMiddleware(deps));
  api.use('*', idempotencyKeys(deps.db, { streamedBodyPaths: [...STREAMED_BODY_PATHS, ...STREAMED_UPLOAD_PATHS] }));
  api.route('/health', healthRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.get('/login', signInRedirect);
  api.route('/admin', adminAccountRoutes(deps));
  api.route('/admin', adminsRoutes(deps));
  if (deps.config.devOutbox) {
    api.route('/dev', devOutboxRoutes(deps));
    api.route('/dev', devFreshnessRoutes(deps));
    api.route('/dev', devClockRoutes(deps.devClock));
  }
  api.route('/properties', propertiesRoutes(deps));
  api.route('/user', userPropertiesRoutes(deps));
  api.route('/admin', adminPropertiesRoutes(deps));
  api.route('/admin', adminOutboxRoutes(deps));
  api.route('/favorites', favoritesRoutes(deps));
  api.route('/upload', uploadRoutes(deps));
  api.route('/upload', videoUploadRoutes(deps));
  api.route('/uploads/videos', tusVideoRoutes(deps.videoUploads));
  api.route('/user', ownerVideoRoutes(deps));
  api.route('/admin', adminVideoRoutes(deps));
  api.route('/properties', listingVideoRoutes(deps));
  api.route('/service-providers', serviceProvidersRoutes(deps));
  api.route('/support', supportRoutes(deps));
  api.route('/contact', contactRoutes(deps));
  api.route('/admin', adminMessagesRoutes(deps));
  api.route('/admin', adminAgentLicensesRoutes(deps));
  api.route('/properties', listingReportRoutes(deps));
  api.route('/admin', adminReportRoutes(deps));
  api.route('/admin', adminConversationReportRoutes(deps));
  api.route('/admin', adminSuspensionRoutes(deps));
  api.route('/', savedSearchRoutes(deps));
  api.route('/properties', listingContactRoutes(deps));
  api.route('/user', hostContactCountsRoutes(deps));
  api.route('/', hostAnalyticsRoutes(deps));
  api.route('/admin', adminContactRoutes(deps));
  api.route('/properties', listingConversationRoutes(deps));
  api.route('/properties', listingFreshnessRoutes(deps));
  api.route('/properties', listingReviewRoutes(deps));
  api.route('/', reviewRoutes(deps));
  api.route('/conversations', conversationRoutes(deps));
  api.route('/analytics', trackVisitorRoutes(deps));
  api.route('/admin', adminAnalyticsRoutes(deps));
  api.get('/openapi.json', openApiDocument(app, deps.version));
  api.all('*', (c) => c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`, 'not_found'), 404));

  app.route('/api', api);
  app.route(
    '/files',
    fileRoutes(deps.files, (key) => deriveListingImage(deps.files, key)),
  );
  app.route('/', sitemapRoutes(deps));
  if (deps.pwaDir) {
    const send = (url: string, init: RequestInit) => Promise.resolve(app.request(url, init));
    const drawn = deps.firstPaintFile ? firstPaint(deps.firstPaintFile, send, deps.log) : undefined;
    app.route(
      '/',
      pwaRoutes(deps.pwaDir, { pageHead: listingPageHead(deps), ...(drawn ? { firstPaint: drawn } : {}) }),
    );
  }
  return app;
}
