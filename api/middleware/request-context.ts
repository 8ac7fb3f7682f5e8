import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/app-env.ts';
import { answerHeaderUnlessSet, requestHeader } from '../http/node-exchange.ts';
import type { Logger } from '../logger.ts';

/**
 * Gives each request an id (kept from X-Request-Id when sane), a logger carrying it, and an
 * access-log line. `quietPaths` get a line only when refused or failed (status 400 and up):
 * a beacon per page view (POST /api/analytics/track-visitor) would otherwise outnumber
 * every other line, and writing them was 5% of that route's CPU (bench/analytics.bench.ts).
 */
export const requestContext = (log: Logger, { quietPaths = [] }: { quietPaths?: readonly string[] } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const given = requestHeader(c, 'x-request-id');
    const requestId = given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    const requestLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    c.set('idempotency', undefined);
    const started = performance.now();
    await next();
    answerHeaderUnlessSet(c, 'X-Request-Id', requestId);
    if (c.req.path.startsWith('/api/') && (c.res.status >= 400 || !quietPaths.includes(c.req.path))) {
      requestLog.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  });
