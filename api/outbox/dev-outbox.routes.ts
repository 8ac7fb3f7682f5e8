import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { normalizeEmail, normalizePhone } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';
import { isLoopbackAddress, socketAddress } from '../http/socket-address.ts';
import { validate } from '../middleware/validate.ts';
import type { Outbox } from './outbox.ts';
import { requestHeader } from '../http/node-exchange.ts';

const QuerySchema = v.object({ to: v.pipe(v.string('to is required'), v.trim(), v.nonEmpty('to is required')) });

/** Headers a reverse proxy adds: behind one, every caller would look like loopback. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** Whether the caller is on this machine and not relayed by a proxy on it. */
function isLocalCaller(c: Context<AppEnv>): boolean {
  if (PROXY_HEADERS.some((name) => requestHeader(c, name) !== undefined)) return false;
  return isLoopbackAddress(socketAddress(c));
}

/** Anyone but a loopback caller gets the same 404 as when the dev routes are off. */
export const localCallersOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isLocalCaller(c)) return c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`, 'not_found'), 404);
  await next();
});

/**
 * GET /api/dev/outbox?to=ADDRESS: every message sent to an address, codes and
 * links included, for local work and the tests. api/app.ts mounts it only with
 * EFIE_DEV_OUTBOX=1 outside production; even then anyone but a loopback caller
 * gets the same 404 as when it is off.
 */
export const devOutboxRoutes = (deps: { outbox: Outbox }) =>
  new Hono<AppEnv>().use('*', localCallersOnly).get('/outbox', validate('query', QuerySchema), async (c) => {
    const { to } = c.req.valid('query');
    const address = to.includes('@') ? normalizeEmail(to) : (normalizePhone(to) ?? to);
    return c.json({ messages: await deps.outbox.listTo(address) });
  });
