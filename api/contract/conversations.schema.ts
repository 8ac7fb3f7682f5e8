import * as v from 'valibot';
import { queryInt } from './query-int.ts';

// Conversations between renters and hosts (issue 34, docs/decisions/380): what a message may be,
// and the inbox, a thread and the unread count as the API answers them.

export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_TEXT_REQUIRED = 'Write a message';

/** POST /api/properties/{id}/conversations and POST /api/conversations/{id}/messages. */
export const ConversationMessageSchema = v.object(
  {
    text: v.pipe(
      v.string(MESSAGE_TEXT_REQUIRED),
      v.trim(),
      v.minLength(1, MESSAGE_TEXT_REQUIRED),
      v.maxLength(MESSAGE_TEXT_MAX, `A message must be at most ${MESSAGE_TEXT_MAX} characters`),
    ),
  },
  'The body must be a JSON object',
);
export type ConversationMessageInput = v.InferInput<typeof ConversationMessageSchema>;

/** GET /api/conversations: the signed-in person's threads, as host and as renter, newest first. */
export const InboxQuerySchema = v.object({
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 50), '20'),
});
export type InboxQuery = v.InferOutput<typeof InboxQuerySchema>;

/** Who blocked the thread, seen from the reader. */
export type BlockedState = 'none' | 'by_me' | 'by_them';

export type ConversationSummary = {
  id: string;
  /** The reader's side: the host of the listing or the renter who asked. */
  role: 'host' | 'renter';
  listing: { id: string; title: string; image: string | null };
  otherParty: { id: string; name: string };
  lastMessage: { text: string; sentAt: string; fromMe: boolean };
  unread: number;
  blocked: BlockedState;
  startedAt: string;
};

export type ConversationMessage = { id: string; seq: number; fromMe: boolean; text: string; sentAt: string };

export type Inbox = {
  conversations: ConversationSummary[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
};
export type ConversationThread = { conversation: ConversationSummary; messages: ConversationMessage[] };
export type UnreadCount = { unread: number };
/** What sending a message answers (201): the thread it is in and the message as stored. */
export type MessageSent = { conversationId: string; message: ConversationMessage };
