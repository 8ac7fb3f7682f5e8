import { Hono } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { suspendAccount } from '../account-suspensions/suspension-commands.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import {
  AdminConversationReportsQuerySchema,
  type ConversationReportAction,
  type ConversationReportQueuePage,
  ResolveConversationReportsSchema,
} from '../contract/conversations.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { conversationCommands } from './conversation-commands.ts';
import { conversationReportResolvedNotice } from './conversation-notices.ts';
import { reportersOf } from '../listing-reports/listing-reports.read.ts';
import { findReportedConversation, listReportedConversations } from './conversation-reports.read.ts';

const noReports = () => new DomainError('not_found', 'report_not_found', 'No reports about this conversation.');

/**
 * The admins' queue of reported conversations (issue 34, docs/decisions/380): the threads someone
 * reported, which an admin may read (no other thread), and resolving a thread's open reports with
 * one action, through the one runner; `suspend` suspends the reported account in the same
 * transaction, and each reporter is told.
 */
export function adminConversationReportRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'outbox'>) {
  const { db, store, clock, outbox } = deps;
  return new Hono<AppEnv>()
    .use('/conversation-reports', requireAdmin)
    .use('/conversation-reports/*', requireAdmin)
    .get('/conversation-reports', validate('query', AdminConversationReportsQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const page: ConversationReportQueuePage = {
        ...(await listReportedConversations(db, q)),
        page: q.page,
        pageSize: q.limit,
      };
      return c.json(page);
    })
    .get('/conversation-reports/:id', async (c) => {
      const id = c.req.param('id');
      const found = isUuid(id) ? await findReportedConversation(db, id) : undefined;
      if (!found) throw noReports();
      return c.json(found);
    })
    .post('/conversation-reports/:id/resolve', validate('json', ResolveConversationReportsSchema), async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw noReports();
      const { action, userId, note } = c.req.valid('json');
      const admin = actorOf(c);
      const at = clock().toISOString();
      await runCommand(
        store,
        requestOrigin(c.var),
        conversationCommands,
        id,
        { type: 'ResolveReports', actor: admin, action, userId, note, at },
        {
          async alongside(tx, events) {
            const resolved = events.find((e) => e.type === 'ConversationReportsResolved');
            if (!resolved) return;
            if (resolved.data.suspendedId)
              await suspendAccount(deps, tx, requestOrigin(c.var), {
                userId: resolved.data.suspendedId,
                actor: admin,
                reason: note,
                listingId: null,
                at,
              });
            const [thread] = await tx.query<{ title: string | null }>(
              'select p.title from conversations c left join properties p on p.id = c.listing_id where c.id = $1',
              [id],
            );
            for (const reporter of await reportersOf(tx, resolved.data.reportIds, 'conversation_reports')) {
              const notice = conversationReportResolvedNotice(reporter, thread?.title ?? 'a listing', action, note);
              if (notice) await outbox.enqueue(notice, tx);
            }
          },
        },
      );
      return c.json({ message: RESOLVED[action] });
    });
}

const RESOLVED = {
  dismiss: 'Reports dismissed: the conversation stays as its participants left it.',
  suspend: 'Account suspended: they cannot sign in, and their listings are hidden.',
} as const satisfies Record<ConversationReportAction, string>;
