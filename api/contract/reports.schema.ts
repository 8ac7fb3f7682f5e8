import * as v from 'valibot';
import { REPORT_ACTIONS, REPORT_REASONS } from '../../events/listing-report/report.policy.ts';
import { queryInt } from './query-int.ts';
import { reportSchema } from './report-schema.ts';

// Reporting a listing (issue 33, docs/decisions/340): the reasons renters choose from, the admins'
// queue and their actions.

export {
  REPORT_ACTIONS,
  REPORT_REASONS,
  type ReportAction,
  type ReportReason,
} from '../../events/listing-report/report.policy.ts';

/** How the report form names each reason. */
export const REPORT_REASON_NAMES = {
  scam: 'Scam or fake listing',
  already_let: 'Already let',
  wrong_price: 'Wrong price',
  wrong_place: 'Wrong place',
  offensive: 'Offensive',
  other: 'Something else',
} as const satisfies Record<(typeof REPORT_REASONS)[number], string>;

export { REPORT_NOTE_MAX } from './report-schema.ts';
export const REPORT_NOTE_MESSAGE = 'Tell us what is wrong with this listing';

/** POST /api/properties/{id}/reports. A note is optional, except with "other". */
export const ReportListingSchema = reportSchema(REPORT_REASONS, REPORT_NOTE_MESSAGE);
export type ReportListingInput = v.InferInput<typeof ReportListingSchema>;

/** POST /api/admin/reports/{listingId}/resolve: what the admins decided, and a note the reporters are sent. */
export const ResolveReportsSchema = v.object(
  {
    action: v.picklist(REPORT_ACTIONS, `action must be one of ${REPORT_ACTIONS.join(', ')}`),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'The note must be at most 1000 characters')), ''),
  },
  'The body must be a JSON object',
);

const QUEUE_STATUSES = ['open', 'resolved'] as const;
/** GET /api/admin/reports: the listings with open reports (held ones first), or the resolved reports. */
export const AdminReportsQuerySchema = v.object({
  status: v.optional(v.picklist(QUEUE_STATUSES, `status must be one of ${QUEUE_STATUSES.join(', ')}`), 'open'),
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 100), '20'),
});
export type AdminReportsQuery = v.InferOutput<typeof AdminReportsQuerySchema>;

export type ReportAnswer = { message: string; report: { id: string; reason: string; status: 'open' } };

/** One listing in the admins' queue with its reports. */
export type ReportedListing = {
  listingId: string;
  title: string | null;
  city: string | null;
  ownerId: string | null;
  ownerName: string | null;
  /** Hidden by the reports until an admin decides. */
  held: boolean;
  reports: {
    id: string;
    reason: string;
    note: string;
    reporterId: string;
    reporterName: string | null;
    reportedAt: string;
    status: 'open' | 'resolved';
    action: string | null;
    resolvedAt: string | null;
  }[];
};
export type ReportQueuePage = { listings: ReportedListing[]; total: number; page: number; pageSize: number };
