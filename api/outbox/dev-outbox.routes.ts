import { Hono } from 'hono';
import * as v from 'valibot';
import { normalizeEmail, normalizePhone } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import type { Outbox } from './outbox.ts';

const QuerySchema = v.object({ to: v.pipe(v.string('to is required'), v.trim(), v.nonEmpty('to is required')) });

/** GET /api/dev/outbox?to=ADDRESS: outside production only (api/app.ts does not mount it there). */
export const devOutboxRoutes = (deps: { outbox: Outbox }) =>
  new Hono<AppEnv>().get('/outbox', validate('query', QuerySchema), async (c) => {
    const { to } = c.req.valid('query');
    const address = to.includes('@') ? normalizeEmail(to) : (normalizePhone(to) ?? to);
    return c.json({ messages: await deps.outbox.listTo(address) });
  });
