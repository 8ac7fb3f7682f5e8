// What a report about a listing may say, and what the admins may do about a listing's reports
// (issue 33, docs/decisions/340): shared by the events and the contract the phone loads.

export const REPORT_REASONS = ['scam', 'already_let', 'wrong_price', 'wrong_place', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What an admin may do with a listing's open reports; `suspend` hides the listing and suspends its owner (docs/decisions/345). */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
