import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// Reports about a listing (issue 33, docs/decisions/340), on one stream per listing: who reported
// what, when enough independent reports held the listing for review, and how the admins resolved
// them. The listing's own stream records the hiding (PropertyHidden by REPORTS_ACTOR).

export const listingReportsStreamId = (listingId: string) => `listing-reports-${listingId}`;

export { REPORT_ACTIONS, REPORT_REASONS, type ReportAction, type ReportReason } from './report.policy.ts';

export const ListingReported = defineEvent(
  'ListingReported',
  v.object({
    reportId: v.string(),
    listingId: v.string(),
    reporterId: v.string(),
    reason: v.string(),
    note: v.string(),
    reportedAt: v.string(),
  }),
);
/** The open reports of this many different people: the listing is held (hidden) until an admin decides. */
export const ListingHeldForReports = defineEvent(
  'ListingHeldForReports',
  v.object({ listingId: v.string(), reportIds: v.array(v.string()), heldAt: v.string() }),
);
export const ListingReportsResolved = defineEvent(
  'ListingReportsResolved',
  v.object({
    listingId: v.string(),
    reportIds: v.array(v.string()),
    action: v.string(),
    note: v.string(),
    resolvedBy: v.string(),
    resolvedAt: v.string(),
  }),
);

export const listingReportEventTypes = [ListingReported, ListingHeldForReports, ListingReportsResolved] as const;

export const LISTING_REPORT_EVENT_NAMES: readonly string[] = listingReportEventTypes.map((t) => t.type);
