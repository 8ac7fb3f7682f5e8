import { Hono } from 'hono';
import { handleCommand } from '../../events/store/command-handler.ts';
import { SUPPORT_MESSAGE_ERRORS, supportMessageAggregate } from '../../events/support-message/support-message.decider.ts';
import { supportMessageStreamId } from '../../events/support-message/support-message.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin } from '../auth/session.middleware.ts';
import { AdminMessagesQuerySchema } from '../contract/messages.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { findTeamMessage, listTeamMessages } from './admin-messages.read.ts';

/** The admin panel's Messages tab: support and contact messages, and marking one handled. Admins only. */
export function adminMessagesRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  const { db, store, clock } = deps;
  return new Hono<AppEnv>()
    .use('/messages', requireAdmin)
    .use('/messages/*', requireAdmin)
    .get('/messages', validate('query', AdminMessagesQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { messages, total } = await listTeamMessages(db, q);
      return c.json({ messages, total, page: q.page, pageSize: q.limit });
    })
    .post('/messages/:id/handled', async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id) || !(await findTeamMessage(db, id))) throw SUPPORT_MESSAGE_ERRORS.notFound();
      const admin = currentUser(c);
      await handleCommand(store, supportMessageAggregate, supportMessageStreamId(id), { type: 'MarkHandled', actor: { id: admin.id, isAdmin: admin.isAdmin }, at: clock().toISOString() }, {
        metadata: { actorId: admin.id, requestId: c.var.requestId },
        idempotency: c.var.idempotency,
      });
      return c.json({ message: 'Message marked as handled.', teamMessage: await findTeamMessage(db, id) });
    });
}
