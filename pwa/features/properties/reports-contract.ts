// This feature's door to reporting a listing (issue 33, docs/decisions/340), apart from
// lib/contract.ts: everything under pwa/lib joins the first-load bundle with what it imports
// (vite.config.ts), and only the listing page's report form needs these.

export {
  REPORT_NOTE_MAX,
  REPORT_NOTE_MESSAGE,
  REPORT_REASON_NAMES,
  REPORT_REASONS,
  ReportListingSchema,
  type ReportAnswer,
  type ReportListingInput,
  type ReportReason,
} from '../../../api/contract/reports.schema.ts';
