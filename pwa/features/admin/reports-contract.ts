// The Reports tab's door to the reports contract, apart from lib/contract.ts: everything under
// pwa/lib joins the first-load bundle with what it imports, and only the admin panel needs these.

export {
  REPORT_REASON_NAMES,
  type ReportAction,
  type ReportedListing,
  type ReportQueuePage,
} from '../../../api/contract/reports.schema.ts';
export type { SuspendedAccount, SuspensionsPage } from '../../../api/contract/suspensions.schema.ts';
export type {
  CONVERSATION_REPORT_REASON_NAMES,
  ConversationReportAction,
  ConversationReportQueuePage,
  ReportedConversation,
  ReportedConversationThread,
} from '../../../api/contract/conversations.schema.ts';
