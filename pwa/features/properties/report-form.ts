import { reportCheck } from '../../ui/report-form.ts';
import { ReportListingSchema } from './reports-contract.ts';

// The listing report's check (issue 33, docs/decisions/340): the contract's own schema, so the form
// refuses exactly what the server would. The form itself is pwa/ui/report-form.tsx.

export const REASON_REQUIRED = 'Choose what is wrong with this listing';

/** The body to send, or the first message per field (`reason`, `note`). */
export const checkReport = reportCheck(ReportListingSchema, REASON_REQUIRED);
