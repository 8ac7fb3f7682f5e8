import * as v from 'valibot';
import {
  CONVERSATION_REPORT_ACTIONS,
  CONVERSATION_REPORT_REASONS,
} from '../../events/conversation/conversation-report.policy.ts';
import { queryInt } from './query-int.ts';
import { reportSchema } from './report-schema.ts';

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
  /** The reader reported this thread and the admins have not decided yet. */
  reportedByMe: boolean;
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

export {
  CONVERSATION_REPORT_ACTIONS,
  CONVERSATION_REPORT_REASONS,
  type ConversationReportAction,
  type ConversationReportReason,
} from '../../events/conversation/conversation-report.policy.ts';

/** How the report form names each reason. */
export const CONVERSATION_REPORT_REASON_NAMES = {
  scam: 'Asked for money or a fee before a viewing',
  harassment: 'Rude, threatening or harassing',
  spam: 'Spam or advertising',
  other: 'Something else',
} as const satisfies Record<(typeof CONVERSATION_REPORT_REASONS)[number], string>;

export { REPORT_NOTE_MAX as CONVERSATION_REPORT_NOTE_MAX } from './report-schema.ts';
export const CONVERSATION_REPORT_NOTE_MESSAGE = 'Tell us what happened in this conversation';

/** POST /api/conversations/{id}/report. A note is optional, except with "other". */
export const ReportConversationSchema = reportSchema(CONVERSATION_REPORT_REASONS, CONVERSATION_REPORT_NOTE_MESSAGE);
export type ReportConversationInput = v.InferInput<typeof ReportConversationSchema>;

/** POST /api/admin/conversation-reports/{id}/resolve: `userId` says whom to suspend when both sides were reported. */
export const ResolveConversationReportsSchema = v.object(
  {
    action: v.picklist(CONVERSATION_REPORT_ACTIONS, `action must be one of ${CONVERSATION_REPORT_ACTIONS.join(', ')}`),
    userId: v.optional(v.pipe(v.string('userId must be a user id'), v.uuid('userId must be a user id'))),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'The note must be at most 1000 characters')), ''),
  },
  'The body must be a JSON object',
);

const QUEUE_STATUSES = ['open', 'resolved'] as const;
/** GET /api/admin/conversation-reports: threads with open reports, longest waiting first, or the resolved ones. */
export const AdminConversationReportsQuerySchema = v.object({
  status: v.optional(v.picklist(QUEUE_STATUSES, `status must be one of ${QUEUE_STATUSES.join(', ')}`), 'open'),
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 100), '20'),
});
export type AdminConversationReportsQuery = v.InferOutput<typeof AdminConversationReportsQuerySchema>;

export type ConversationReportAnswer = {
  message: string;
  report: { id: string; reason: string; status: 'open' };
};

/** A participant as the admins see them: the name the other side sees, and how to reach them. */
type Person = { id: string; name: string; email: string | null; phone: string | null };
/** A reported thread in the admins' queue, with its reports of the status asked for, oldest first. */
export type ReportedConversation = {
  conversationId: string;
  listing: { id: string; title: string };
  host: Person;
  renter: Person;
  messageCount: number;
  reports: {
    id: string;
    reason: string;
    note: string;
    reporterId: string;
    reportedId: string;
    reportedAt: string;
    status: 'open' | 'resolved';
    action: string | null;
    /** What the admin wrote when resolving it (the reporters were sent it). */
    resolutionNote: string | null;
    /** Whose account the resolution suspended. */
    suspendedId: string | null;
    resolvedAt: string | null;
  }[];
};
export type ConversationReportQueuePage = {
  conversations: ReportedConversation[];
  total: number;
  page: number;
  pageSize: number;
};
/** GET /api/admin/conversation-reports/{id}: a reported thread as the admins read it. */
export type ReportedConversationThread = {
  conversation: ReportedConversation;
  messages: { id: string; seq: number; senderId: string; text: string; sentAt: string }[];
};
