import { type Context, Hono } from 'hono';
import type { ConversationEvent } from '../../events/conversation/conversation.decider.ts';
import { CONVERSATION_ERRORS } from '../../events/conversation/conversation.decider.ts';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireUser } from '../auth/session.middleware.ts';
import { type CommandOrigin, requestOrigin, runCommand } from '../commands/run-command.ts';
import {
  ConversationMessageSchema,
  type ConversationReportAnswer,
  type ConversationThread,
  type Inbox,
  InboxQuerySchema,
  type MessageSent,
  ReportConversationSchema,
  type UnreadCount,
} from '../contract/conversations.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { createRateLimiter, type Limit, rateLimited } from '../limits/rate-limiter.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { findProperty } from '../properties/properties.read.ts';
import { conversationCommands, conversationIdOf } from './conversation-commands.ts';
import { newMessageNotice, newMessagePush, noticeLimit } from './conversation-notices.ts';
import { pushEndpointsOf } from '../outbox/push-endpoints-of.ts';
import { contactOf, findConversation, listInbox, threadMessages, unreadCount } from './conversations.read.ts';

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'outbox' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An account younger than this is new: it may start only a few conversations a day. */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_STARTS_PER_DAY = 3;
export const STARTS_PER_DAY = 20;

/** How many new threads an account may start a day: few while it is new (a scammer's fresh account). */
export function startLimit(user: { id: string; createdAt: string }, now: Date): Limit {
  const isNew = now.getTime() - new Date(user.createdAt).getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
  return {
    key: `conversation-starts:${user.id}`,
    max: isNew ? NEW_ACCOUNT_STARTS_PER_DAY : STARTS_PER_DAY,
    windowMs: DAY_MS,
  };
}

const tooManyStarts = rateLimited(
  'too_many_conversations',
  'You have started as many conversations as Efie allows in a day. Write in the ones you have, or try again tomorrow.',
);

/**
 * Conversations between renters and hosts (issue 34, docs/decisions/380). A renter starts one from a
 * live listing's page; both sides then write, read and may block. Every change is an event through
 * the one runner; the other side hears of new messages through the outbox, once an hour a thread.
 */
export function listingConversationRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>().post(
    '/:id/conversations',
    requireUser,
    validate('json', ConversationMessageSchema),
    async (c) => {
      const listingId = c.req.param('id');
      const listing = await findProperty(db, listingId);
      // Only a live listing's host is written to; anything else does not exist for renters.
      if (!listing?.is_live) throw LISTING_ERRORS.notFound();
      const user = currentUser(c);
      const conversationId = conversationIdOf(listingId, user.id);
      const messageId = newRecordId(c.var.idempotency, 'conversation-message');
      const limiter = createRateLimiter(clock);
      const answer = await sendInThread(
        deps,
        requestOrigin(c.var),
        conversationId,
        messageId,
        {
          type: 'StartConversation',
          conversationId,
          listingId,
          hostId: listing.owner_id,
          actor: actorOf(c),
          messageId,
          text: c.req.valid('json').text,
          at: clock().toISOString(),
        },
        async (tx, events) => {
          if (events.some((e) => e.type === 'ConversationStarted'))
            await limiter.take(tx, [startLimit(user, clock())], tooManyStarts);
        },
      );
      return c.json(answer, 201);
    },
  );
}

export function conversationRoutes(deps: Deps) {
  const { db, store, clock } = deps;
  const thread = async (c: Context<AppEnv>, readerId: string) => {
    const id = c.req.param('id') ?? '';
    const found = isUuid(id) ? await findConversation(db, id, readerId) : undefined;
    if (!found) throw CONVERSATION_ERRORS.notFound();
    return found;
  };
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/', validate('query', InboxQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const inbox: Inbox = { ...(await listInbox(db, currentUser(c).id, q)), page: q.page, pageSize: q.limit };
      return c.json(inbox);
    })
    .get('/unread', async (c) => {
      const answer: UnreadCount = { unread: await unreadCount(db, currentUser(c).id) };
      return c.json(answer);
    })
    .get('/:id', async (c) => {
      const reader = currentUser(c).id;
      const conversation = await thread(c, reader);
      const answer: ConversationThread = { conversation, messages: await threadMessages(db, conversation.id, reader) };
      return c.json(answer);
    })
    .post('/:id/messages', validate('json', ConversationMessageSchema), async (c) => {
      const conversation = await thread(c, currentUser(c).id);
      const messageId = newRecordId(c.var.idempotency, 'conversation-message');
      const answer = await sendInThread(deps, requestOrigin(c.var), conversation.id, messageId, {
        type: 'SendMessage',
        actor: actorOf(c),
        messageId,
        text: c.req.valid('json').text,
        at: clock().toISOString(),
      });
      return c.json(answer, 201);
    })
    .post('/:id/read', async (c) => {
      await onThread(c, 'MarkRead');
      const answer: UnreadCount = { unread: await unreadCount(db, currentUser(c).id) };
      return c.json(answer);
    })
    .put('/:id/block', async (c) => {
      await onThread(c, 'Block');
      return c.json({ message: 'Blocked: neither of you can write in this conversation until you unblock it.' });
    })
    .delete('/:id/block', async (c) => {
      await onThread(c, 'Unblock');
      return c.json({ message: 'Unblocked: you can both write again.' });
    })
    .post('/:id/report', validate('json', ReportConversationSchema), async (c) => {
      const conversation = await thread(c, currentUser(c).id);
      const { reason, note } = c.req.valid('json');
      const reportId = newRecordId(c.var.idempotency, 'conversation-report');
      await runCommand(store, requestOrigin(c.var), conversationCommands, conversation.id, {
        type: 'ReportConversation',
        actor: actorOf(c),
        reportId,
        reason,
        note,
        at: clock().toISOString(),
      });
      const answer: ConversationReportAnswer = {
        message:
          'Thank you. This conversation is blocked, and the Efie team will read it and tell you what they decide.',
        report: { id: reportId, reason, status: 'open' },
      };
      return c.json(answer, 201);
    });

  /** A participant's command on the thread the path names that carries nothing but who and when. */
  async function onThread(c: Context<AppEnv>, type: 'MarkRead' | 'Block' | 'Unblock') {
    const conversation = await thread(c, currentUser(c).id);
    await runCommand(store, requestOrigin(c.var), conversationCommands, conversation.id, {
      type,
      actor: actorOf(c),
      at: clock().toISOString(),
    });
  }
}

type SendCommand = Parameters<typeof conversationCommands.decider.decide>[0];

/**
 * Runs a command that writes a message, tells the other side (once an hour a thread) in the same
 * transaction, and answers the message as stored: a retry of the same message answers it again.
 */
async function sendInThread(
  deps: Deps,
  origin: CommandOrigin,
  conversationId: string,
  messageId: string,
  command: SendCommand,
  alsoAlongside?: (tx: SqlClient, events: ConversationEvent[]) => Promise<void>,
): Promise<MessageSent> {
  const { store, db, outbox, clock, config } = deps;
  const limiter = createRateLimiter(clock);
  await runCommand(store, origin, conversationCommands, conversationId, command, {
    async alongside(tx, events) {
      await alsoAlongside?.(tx, events);
      const sent = events.find((e) => e.type === 'ConversationMessageSent');
      if (!sent) return;
      const [thread] = await tx.query<{ host_id: string; renter_id: string; title: string | null }>(
        `select c.host_id, c.renter_id, p.title from conversations c left join properties p on p.id = c.listing_id
         where c.id = $1`,
        [conversationId],
      );
      if (!thread) return;
      const recipientId = sent.data.senderId === thread.host_id ? thread.renter_id : thread.host_id;
      const sender = await contactOf(tx, sent.data.senderId);
      // A browser that shows Efie's notifications hears of every message (one notification a thread,
      // replaced); without one, an e-mail or SMS at most once an hour a thread.
      const pushes = config.push ? await pushEndpointsOf(tx, recipientId) : [];
      for (const endpoint of pushes)
        await outbox.enqueue(
          newMessagePush(endpoint, { conversationId, senderName: sender?.name ?? 'Someone', text: sent.data.text }),
          tx,
        );
      if (pushes.length > 0) return;
      if (await limiter.attempt(tx, [noticeLimit(conversationId, recipientId)])) return;
      const recipient = await contactOf(tx, recipientId);
      const notice =
        recipient &&
        newMessageNotice(recipient, {
          senderName: sender?.name ?? 'Someone',
          listingTitle: thread.title ?? 'a listing',
          text: sent.data.text,
          link: `${config.publicOrigin}/messages/${conversationId}`,
          toRenter: recipientId === thread.renter_id,
        });
      if (notice) await outbox.enqueue(notice, tx);
    },
  });
  const [row] = await db.query<{ seq: number; text: string; sent_at: Date }>(
    'select seq, text, sent_at from conversation_messages where id = $1 and conversation_id = $2',
    [messageId, conversationId],
  );
  if (!row) throw CONVERSATION_ERRORS.notFound();
  return {
    conversationId,
    message: { id: messageId, seq: row.seq, fromMe: true, text: row.text, sentAt: new Date(row.sent_at).toISOString() },
  };
}
