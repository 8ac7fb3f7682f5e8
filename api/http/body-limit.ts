import type { Socket } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse } from './error-response.ts';
import { requestHeader, requestSocket } from './node-exchange.ts';

/** JSON bodies are small: a listing, a profile, a sign-in. Routes that take files declare more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A route that takes more than the default: requests whose path starts with `pathPrefix`. */
export type BodyLimitRule = { pathPrefix: string; maxBytes: number; message: string };

const DEFAULT_MESSAGE = 'The request body is too large.';

const tooLarge = (message: string) => new DomainError('too_large', 'too_large', message);

/**
 * After a 413 the client may still be sending. Closing at once would make the server's TCP
 * stack answer the unread bytes with a reset, and a reset can make the client drop the 413
 * before reading it (RFC 9112, section 9.6). So the rest is read and thrown away, up to
 * these bounds, while the answer goes out; then the connection is closed.
 */
export const LINGER = { maxBytes: 16 * 1024 * 1024, maxMs: 5_000 };

/** Reads and drops what is left of a refused body within LINGER, then closes the connection unless the body ended. */
async function lingerThenClose(source: ReadableStreamDefaultReader<Uint8Array>, socket: Socket | undefined) {
  if (!socket) return void (await source.cancel().catch(() => {}));
  const deadline = setTimeout(() => void source.cancel().catch(() => {}), LINGER.maxMs);
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > LINGER.maxBytes) break;
    }
  } catch {
    // cancelled at the deadline, or the client went away
  } finally {
    clearTimeout(deadline);
  }
  await source.cancel().catch(() => {});
  socket.destroy();
}

/**
 * The first middleware of every route: a body is counted as it streams in and
 * reading stops at the first byte past the limit, so no request, chunked or
 * not, makes the server hold more than the limit (a declared Content-Length
 * over it is refused before a byte is read). Whoever reads past the limit
 * (the idempotency middleware, a validator, a handler) gets an error; whatever
 * they turned it into, the answer is 413 in the contract's format. The rest of
 * the body is then dropped within LINGER and the connection closed, so the
 * client reads the answer and stops sending; the same follows an answer given
 * before the body was read to its end (401, 404).
 */
export const limitRequestBodies = (rules: readonly BodyLimitRule[] = []) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // A GET or HEAD has no body (the Node adapter gives it none), and asking for one would make the
    // adapter build a whole Request for every page view and search instead of its light one.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const rule = rules.find((r) => c.req.path.startsWith(r.pathPrefix));
    const maxBytes = rule?.maxBytes ?? DEFAULT_BODY_LIMIT;
    const message = rule?.message ?? DEFAULT_MESSAGE;
    const declared = requestHeader(c, 'content-length');
    const framed = declared !== undefined && requestHeader(c, 'transfer-encoding') === undefined;
    if (framed && Number(declared) > maxBytes && c.req.raw.body !== null) {
      void lingerThenClose(c.req.raw.body.getReader(), requestSocket(c));
      return refuse(c, message);
    }
    // Over HTTP/1.1 Node's parser gives a body exactly its declared length, so one within the limit
    // needs no counting; and left untouched, the adapter reads it straight from the socket for the
    // route's json()/text() instead of building a web Request and stream around it (issue 32). Under app.request a Content-Length binds nothing: counted.
    if (framed && requestSocket(c) !== undefined) return next();
    const body = c.req.raw.body;
    if (body === null) return next();
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
          void lingerThenClose(source, requestSocket(c));
          return;
        }
        controller.enqueue(value);
      },
      // A reader giving up early (a handler that answered without the body) stops reading it.
      cancel: (reason) => (exceeded ? undefined : source.cancel(reason)),
    });
    c.req.raw = new Request(c.req.raw, { body: limited, duplex: 'half' } as RequestInit);
    await next();
    if (exceeded) return void refuse(c, message);
    // Answered without reading the whole body (401, 404, ...): drop the rest for a moment, then close.
    if (!finished) void lingerThenClose(source, requestSocket(c));
  });

function refuse(c: Context<AppEnv>, message: string): Response {
  c.res = undefined;
  c.res = errorResponse(tooLarge(message), c);
  return c.res;
}
