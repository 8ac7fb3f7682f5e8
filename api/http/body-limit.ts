import { createMiddleware } from 'hono/factory';
import type { DomainError } from '../../events/store/errors.ts';
import type { AppEnv } from './app-env.ts';

/**
 * Refuses a request body over `maxBytes` with the given error (413). Unlike
 * hono/body-limit it reads the body through c.req, whose cache the
 * Idempotency-Key middleware has usually filled already.
 */
export const limitBody = (maxBytes: number, tooLarge: () => DomainError) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
    if (declared === undefined && c.req.raw.body !== null) {
      const body = await c.req.arrayBuffer();
      if (body.byteLength > maxBytes) throw tooLarge();
    }
    await next();
  });
