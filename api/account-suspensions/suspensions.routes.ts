import { Hono } from 'hono';
import { SUSPENSION_ERRORS } from '../../events/user/account-suspension.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { requestOrigin } from '../commands/run-command.ts';
import { LiftSuspensionSchema, SuspensionsQuerySchema } from '../contract/suspensions.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf, listingCommands } from '../properties/listing-commands.ts';
import { liftSuspension } from './suspension-commands.ts';
import { listSuspendedAccounts } from './suspensions.read.ts';

/**
 * The admins' list of suspended accounts and the lifting of a suspension (docs/decisions/345).
 * Suspending is a resolution of reports (api/listing-reports), where the reason is at hand.
 */
export function adminSuspensionRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'outbox'>) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .use('/suspensions', requireAdmin)
    .use('/suspensions/*', requireAdmin)
    .get('/suspensions', validate('query', SuspensionsQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { accounts, total } = await listSuspendedAccounts(db, q);
      return c.json({ accounts, total, page: q.page, pageSize: q.limit });
    })
    .post('/suspensions/:userId/lift', validate('json', LiftSuspensionSchema), async (c) => {
      const userId = c.req.param('userId');
      if (!isUuid(userId)) throw SUSPENSION_ERRORS.noSuchAccount();
      const { note } = c.req.valid('json');
      await db.transaction((tx) =>
        liftSuspension(deps, tx, requestOrigin(c.var), { userId, actor: actorOf(c), note, at: clock().toISOString() }),
      );
      listingCommands.settled?.();
      return c.json({ message: 'Suspension lifted: the account can sign in again and its listings are back.' });
    });
}
