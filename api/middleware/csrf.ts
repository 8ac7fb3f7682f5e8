import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requestHeader } from '../http/node-exchange.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing request whose Origin is present and is not ours is refused (contract: 403). */
export const csrfOriginCheck = (publicOrigin: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const origin = requestHeader(c, 'origin');
    if (!SAFE.has(c.req.method) && origin !== undefined && origin !== publicOrigin) {
      throw new DomainError('forbidden', 'cross_site_request', 'Cross-site requests are not allowed.');
    }
    await next();
  });
