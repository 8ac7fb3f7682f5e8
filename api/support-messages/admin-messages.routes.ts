import { Hono } from 'hono';
import { SUPPORT_MESSAGE_ERRORS } from '../../events/support-message/support-message.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin } from '../auth/session.middleware.ts';
import { AdminMessagesQuerySchema } from '../contract/messages.schema.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { findTeamMessage, listTeamMessages } from './admin-messages.read.ts';
import { supportMessageCommands } from './support-message-commands.ts';

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
      await runCommand(store, requestOrigin(c.var), supportMessageCommands, id, {
        type: 'MarkHandled',
        actor: { id: admin.id, isAdmin: admin.isAdmin },
        at: clock().toISOString(),
      });
      return c.json({ message: 'Message marked as handled.', teamMessage: await findTeamMessage(db, id) });
    });
}
