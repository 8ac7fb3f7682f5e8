// This feature's door to what a message and a report may be, apart from lib/contract.ts: everything
// under pwa/lib joins the first-load bundle with what it imports, and only the conversations need these.

export {
  CONVERSATION_REPORT_NOTE_MAX,
  CONVERSATION_REPORT_REASON_NAMES,
  CONVERSATION_REPORT_REASONS,
  type ConversationReportAnswer,
  type ConversationReportReason,
  MESSAGE_TEXT_MAX,
  MESSAGE_TEXT_REQUIRED,
  ReportConversationSchema,
  type ReportConversationInput,
} from '../../../api/contract/conversations.schema.ts';
