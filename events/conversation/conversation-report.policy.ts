// What a report about a conversation may say, and what the admins may do about it (issue 34,
// docs/decisions/380): shared by the events and the contract the phone loads.

export const CONVERSATION_REPORT_REASONS = ['scam', 'harassment', 'spam', 'other'] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

/** `suspend` suspends the reported account (docs/decisions/345); `dismiss` leaves it be. */
export const CONVERSATION_REPORT_ACTIONS = ['dismiss', 'suspend'] as const;
export type ConversationReportAction = (typeof CONVERSATION_REPORT_ACTIONS)[number];
