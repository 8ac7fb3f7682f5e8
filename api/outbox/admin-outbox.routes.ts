import { Hono } from 'hono';
import * as v from 'valibot';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { AdminOutboxQuerySchema, type AdminOutboxAnswer } from '../contract/outbox.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { deliverySetup } from './gateways.ts';
import { smsBudgetStatus } from './sms-budget.ts';

const IdSchema = v.object({ id: v.pipe(v.string(), v.uuid('Unknown message')) });

/**
 * The admin panel's Delivery tab: messages the outbox gave up on, the hourly SMS budget's
 * state and which gateways are configured (GET /api/admin/outbox?status=failed), and an admin's decision to send one
 * again (POST /api/admin/outbox/{id}/retry). Admins only, enforced here.
 */
export const adminOutboxRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .get('/outbox', requireAdmin, validate('query', AdminOutboxQuerySchema), async (c) => {
      const { limit } = c.req.valid('query');
      const smsBudget = await smsBudgetStatus(deps.db, deps.clock, deps.config.smsHourlyBudget);
      return c.json({
        messages: await deps.outbox.listFailed(limit),
        smsBudget,
        delivery: deliverySetup(deps.config),
      } satisfies AdminOutboxAnswer);
    })
    .post('/outbox/:id/retry', requireAdmin, validate('param', IdSchema), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await deps.outbox.retry(id)))
        throw new DomainError('not_found', 'not_found', 'No failed message with this id');
      deps.log.info('outbox message retried by an admin', { id, admin: c.var.user?.id });
      return c.json({ message: 'The message will be sent again shortly' });
    });
