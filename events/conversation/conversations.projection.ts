import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { CONVERSATION_EVENT_NAMES, conversationEventTypes } from './conversation.events.ts';

const decode = createEventDecoder(conversationEventTypes);

/** The inbox shows this much of a thread's last message, in characters (PostgreSQL's `left` never splits one). */
export const PREVIEW_LENGTH = 140;

/**
 * The `conversations` and `conversation_messages` read models: each thread with its last message
 * and each side's unread count (the inbox and the header's badge read them without counting), and
 * every message in order; and `conversation_reports`, the admins' queue of reported threads. Idempotent: a message is inserted once, and a thread's row changes only
 * while its version is older than the event's.
 */
export const conversationsProjection: Projection = {
  name: 'conversations',
  tables: ['conversations', 'conversation_messages', 'conversation_reports'],
  handles: CONVERSATION_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'ConversationStarted': {
          const { conversationId, listingId, hostId, renterId, startedAt } = event.data;
          await tx.query(
            `insert into conversations (id, listing_id, host_id, renter_id, started_at, last_message_at, version)
             values ($1, $2, $3, $4, $5, $5, $6) on conflict (id) do nothing`,
            [conversationId, listingId, hostId, renterId, startedAt, version],
          );
          break;
        }
        case 'ConversationMessageSent': {
          const { conversationId, messageId, seq, senderId, text, sentAt } = event.data;
          await tx.query(
            `insert into conversation_messages (id, conversation_id, seq, sender_id, text, sent_at)
             values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
            [messageId, conversationId, seq, senderId, text, sentAt],
          );
          // The sender has read the thread (they are writing in it); the other side has one more unread.
          await tx.query(
            `update conversations set
               message_count = $3, last_message_at = $4, last_message_text = left($5, $7), last_sender_id = $2,
               host_unread = case when host_id = $2 then 0 else host_unread + 1 end,
               renter_unread = case when renter_id = $2 then 0 else renter_unread + 1 end,
               first_reply_at = case when host_id = $2 and first_reply_at is null then $4 else first_reply_at end,
               version = $6
             where id = $1 and version < $6`,
            [conversationId, senderId, seq, sentAt, text, version, PREVIEW_LENGTH],
          );
          break;
        }
        case 'ConversationRead': {
          const { conversationId, readerId } = event.data;
          await tx.query(
            `update conversations set
               host_unread = case when host_id = $2 then 0 else host_unread end,
               renter_unread = case when renter_id = $2 then 0 else renter_unread end,
               version = $3
             where id = $1 and version < $3`,
            [conversationId, readerId, version],
          );
          break;
        }
        case 'ConversationBlocked':
          await tx.query('update conversations set blocked_by = $2, version = $3 where id = $1 and version < $3', [
            event.data.conversationId,
            event.data.blockerId,
            version,
          ]);
          break;
        case 'ConversationUnblocked':
          await tx.query('update conversations set blocked_by = null, version = $2 where id = $1 and version < $2', [
            event.data.conversationId,
            version,
          ]);
          break;
        case 'ConversationReported': {
          const { reportId, conversationId, reporterId, reportedId, reason, note, reportedAt } = event.data;
          await tx.query(
            `insert into conversation_reports (id, conversation_id, reporter_id, reported_id, reason, note, reported_at)
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
            [reportId, conversationId, reporterId, reportedId, reason, note, reportedAt],
          );
          break;
        }
        case 'ConversationReportsResolved': {
          const { reportIds, action, note, suspendedId, resolvedBy, resolvedAt } = event.data;
          await tx.query(
            `update conversation_reports set status = 'resolved', action = $2, resolution_note = $3,
               suspended_id = $4, resolved_by = $5, resolved_at = $6
             where id = any($1::uuid[]) and status = 'open'`,
            [reportIds, action, note, suspendedId, resolvedBy, resolvedAt],
          );
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`conversations projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
