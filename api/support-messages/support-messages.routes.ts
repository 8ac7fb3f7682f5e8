import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { ContactMessageSchema, SupportMessageSchema } from '../contract/messages.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { receiveMessage } from './receive-message.ts';

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'outbox' | 'config'>;

/** POST /api/support/message: the support form (/support). No sign-in needed. */
export function supportRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/message', validate('json', SupportMessageSchema), async (c) => {
    const m = c.req.valid('json');
    const answer = await receiveMessage(deps, c, {
      form: 'support',
      name: m.name ?? null,
      firstName: null,
      lastName: null,
      contactMethod: 'email',
      email: m.email,
      phone: null,
      category: m.category ?? null,
      userType: null,
      subject: m.subject,
      message: m.message,
    });
    return c.json(answer, 201);
  });
}

/** POST /api/contact/message: the public contact form (/contact). */
export function contactRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/message', validate('json', ContactMessageSchema), async (c) => {
    const m = c.req.valid('json');
    const answer = await receiveMessage(deps, c, {
      form: 'contact',
      name: null,
      firstName: m.firstName,
      lastName: m.lastName,
      contactMethod: m.contactMethod,
      email: m.email ?? null,
      phone: m.phone ?? null,
      category: null,
      userType: m.userType,
      subject: m.subject,
      message: m.message,
    });
    return c.json(answer, 201);
  });
}
