import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './error-response.ts';

/** JSON bodies are small: a listing, a profile, a sign-in. Routes that take files declare more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A route that takes more than the default: requests whose path starts with `pathPrefix`. */
export type BodyLimitRule = { pathPrefix: string; maxBytes: number; message: string };

const DEFAULT_MESSAGE = 'The request body is too large.';

const tooLarge = (message: string) => new DomainError('too_large', 'too_large', message);

/**
 * The first middleware of every route: a body is counted as it streams in and
 * reading stops at the first byte past the limit, so no request, chunked or
 * not, makes the server hold more than the limit (a declared Content-Length
 * over it is refused before a byte is read). Whoever reads past the limit
 * (the idempotency middleware, a validator, a handler) gets an error; whatever
 * they turned it into, the answer is 413 in the contract's format, and the
 * connection closes so the client stops sending. An answer given before the
 * body was read to its end (401, 404) closes the connection too.
 */
export const limitRequestBodies = (rules: readonly BodyLimitRule[] = []) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const body = c.req.raw.body;
    if (body === null) return next();
    const rule = rules.find((r) => c.req.path.startsWith(r.pathPrefix));
    const maxBytes = rule?.maxBytes ?? DEFAULT_BODY_LIMIT;
    const message = rule?.message ?? DEFAULT_MESSAGE;
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.raw.headers.has('transfer-encoding') && Number(declared) > maxBytes) {
      await body.cancel().catch(() => {});
      return refuse(c, message);
    }
    let exceeded = false;
    let finished = false;
    const source = body.getReader();
    let received = 0;
    const limited = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) {
          finished = true;
          return controller.close();
        }
        received += value.byteLength;
        if (received > maxBytes) {
          exceeded = true;
          controller.error(tooLarge(message));
          await source.cancel().catch(() => {});
          return;
        }
        controller.enqueue(value);
      },
      cancel: (reason) => source.cancel(reason),
    });
    c.req.raw = new Request(c.req.raw, { body: limited, duplex: 'half' } as RequestInit);
    await next();
    if (exceeded) return void refuse(c, message);
    // Answered without reading the whole body (401, 404, ...): close rather than read the rest.
    if (!finished) {
      try {
        c.res.headers.set('Connection', 'close');
      } catch {
        // a response with immutable headers: the server reads and drops the rest instead
      }
    }
  });

function refuse(c: Context<AppEnv>, message: string): Response {
  c.res = undefined;
  c.res = errorResponse(tooLarge(message), c);
  c.res.headers.set('Connection', 'close');
  return c.res;
}
