import { reportCheck } from '../../ui/report-form.ts';
import { ReportConversationSchema } from './conversations-contract.ts';

// The conversation report's check (issue 34, docs/decisions/380): the contract's own schema, so the
// form refuses exactly what the server would. The form itself is pwa/ui/report-form.tsx.

export const CONVERSATION_REASON_REQUIRED = 'Choose what went wrong in this conversation';

/** The body to send, or the first message per field (`reason`, `note`). */
export const checkConversationReport = reportCheck(ReportConversationSchema, CONVERSATION_REASON_REQUIRED);
