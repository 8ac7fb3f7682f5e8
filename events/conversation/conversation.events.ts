import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// A conversation between a renter and a host about one listing (issue 34, docs/decisions/380):
// one stream per renter and listing, holding its messages, who read up to where, and blocks.

export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;

export const ConversationStarted = defineEvent(
  'ConversationStarted',
  v.object({
    conversationId: v.string(),
    listingId: v.string(),
    hostId: v.string(),
    renterId: v.string(),
    startedAt: v.string(),
  }),
);
/** `seq` counts the thread's messages from 1, so "read up to" is one number. */
export const ConversationMessageSent = defineEvent(
  'ConversationMessageSent',
  v.object({
    conversationId: v.string(),
    messageId: v.string(),
    seq: v.number(),
    senderId: v.string(),
    text: v.string(),
    sentAt: v.string(),
  }),
);
/** The reader has seen every message up to `upToSeq` (the thread was opened). */
export const ConversationRead = defineEvent(
  'ConversationRead',
  v.object({ conversationId: v.string(), readerId: v.string(), upToSeq: v.number(), readAt: v.string() }),
);
/** One side blocked the other: nobody writes in the thread until the same side unblocks it. */
export const ConversationBlocked = defineEvent(
  'ConversationBlocked',
  v.object({ conversationId: v.string(), blockerId: v.string(), blockedAt: v.string() }),
);
export const ConversationUnblocked = defineEvent(
  'ConversationUnblocked',
  v.object({ conversationId: v.string(), unblockedBy: v.string(), unblockedAt: v.string() }),
);

/**
 * One side reported the other to the admins (the thread is blocked in the same decision): the
 * admins may then read the thread. `reportedId` is the other side.
 */
export const ConversationReported = defineEvent(
  'ConversationReported',
  v.object({
    conversationId: v.string(),
    reportId: v.string(),
    reporterId: v.string(),
    reportedId: v.string(),
    reason: v.string(),
    note: v.string(),
    reportedAt: v.string(),
  }),
);
/**
 * An admin decided the thread's open reports together: `dismiss`, or `suspend` a reported account
 * (`suspendedId`; the suspension itself is on that user's stream).
 */
export const ConversationReportsResolved = defineEvent(
  'ConversationReportsResolved',
  v.object({
    conversationId: v.string(),
    reportIds: v.array(v.string()),
    action: v.string(),
    suspendedId: v.nullable(v.string()),
    note: v.string(),
    resolvedBy: v.string(),
    resolvedAt: v.string(),
  }),
);

export const conversationEventTypes = [
  ConversationStarted,
  ConversationMessageSent,
  ConversationRead,
  ConversationBlocked,
  ConversationUnblocked,
  ConversationReported,
  ConversationReportsResolved,
] as const;

export const CONVERSATION_EVENT_NAMES: readonly string[] = conversationEventTypes.map((t) => t.type);
