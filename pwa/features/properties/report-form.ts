import { ApiError, errorText } from '../../lib/api-client.ts';
import { type FieldErrors, validate } from '../../ui/form.ts';
import type { ToastInput } from '../../ui/toast.ts';
import { type ReportListingInput, ReportListingSchema, type ReportReason } from './reports-contract.ts';

// The report form's rules and what it tells the person (issue 33, docs/decisions/340): the checks
// are the contract's own schema, so the form refuses exactly what the server would.

export type ReportFormValues = { reason: ReportReason | ''; note: string };

export const EMPTY_REPORT: ReportFormValues = { reason: '', note: '' };

export const REASON_REQUIRED = 'Choose what is wrong with this listing';

export const NEEDS_CONNECTION: ToastInput = {
  title: 'No connection',
  description: 'You need a connection to send a report. Try again when you are back online.',
  variant: 'destructive',
};

const NOT_SENT = 'Your report could not be sent. Please try again.';

/** The body to send, or the first message per field (`reason`, `note`). */
export function checkReport(
  values: ReportFormValues,
): { ok: true; body: ReportListingInput; errors: FieldErrors } | { ok: false; errors: FieldErrors } {
  if (values.reason === '') return { ok: false, errors: { reason: REASON_REQUIRED } };
  const checked = validate(ReportListingSchema, { reason: values.reason, note: values.note });
  return checked.ok ? { ok: true, body: checked.data, errors: {} } : { ok: false, errors: checked.errors };
}

/**
 * What a refused or failed report tells the person, and whether the form is done with: a second
 * report by the same person (409) or a listing no longer there (404) will not go better next time.
 */
export function reportFailure(error: unknown): { toast: ToastInput; close: boolean } {
  if (!(error instanceof ApiError)) {
    // The request never had an answer: no connection (or a sign-out still to reach the server).
    const text = errorText(error, '');
    return { toast: text ? { title: text, variant: 'destructive' } : NEEDS_CONNECTION, close: false };
  }
  if (error.status === 409 || error.status === 404)
    return { toast: { title: errorText(error, NOT_SENT) }, close: true };
  return { toast: { title: errorText(error, NOT_SENT), variant: 'destructive' }, close: false };
}
