import { ApiError, errorText } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../ui/form.ts';
import type { ToastInput } from '../../ui/toast.ts';
import {
  type ConversationReportReason,
  type ReportConversationInput,
  ReportConversationSchema,
} from './conversations-contract.ts';

// The conversation report form's rules and what it tells the person (issue 34, docs/decisions/380):
// the checks are the contract's own schema, so the form refuses exactly what the server would.

export type ReportConversationValues = { reason: ConversationReportReason | ''; note: string };

export const EMPTY_CONVERSATION_REPORT: ReportConversationValues = { reason: '', note: '' };

export const CONVERSATION_REASON_REQUIRED = 'Choose what went wrong in this conversation';

export const REPORT_NEEDS_CONNECTION: ToastInput = {
  title: 'No connection',
  description: 'You need a connection to send a report. Try again when you are back online.',
  variant: 'destructive',
};

const NOT_SENT = 'Your report could not be sent. Please try again.';

/** The body to send, or the first message per field (`reason`, `note`). */
export function checkConversationReport(
  values: ReportConversationValues,
): { ok: true; body: ReportConversationInput; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  if (values.reason === '') return { ok: false, errors: { reason: CONVERSATION_REASON_REQUIRED } };
  const checked = validate(ReportConversationSchema, { reason: values.reason, note: values.note });
  return checked.ok ? { ok: true, body: checked.data, errors: {} } : { ok: false, errors: checked.errors };
}

/**
 * What a refused or failed report tells the person, and whether the form is done with: a second
 * report while the first is open (409 already_reported) or a thread that is gone (404) will not go
 * better next time.
 */
export function conversationReportFailure(error: unknown): { toast: ToastInput; close: boolean } {
  if (!(error instanceof ApiError)) {
    // The request never had an answer: no connection (or a sign-out still to reach the server).
    const text = errorText(error, '');
    return { toast: text ? { title: text, variant: 'destructive' } : REPORT_NEEDS_CONNECTION, close: false };
  }
  if (error.status === 409 || error.status === 404)
    return { toast: { title: errorText(error, NOT_SENT) }, close: true };
  return { toast: { title: errorText(error, NOT_SENT), variant: 'destructive' }, close: false };
}
