import type * as v from 'valibot';
import { ApiError, errorText } from '../lib/api-client.ts';
import { type FieldErrors, validate } from './form.ts';
import type { ToastInput } from './toast.ts';

// A report form's rules and what it tells the person, for a listing (issue 33, docs/decisions/340)
// and a conversation (issue 34, docs/decisions/380): the checks are the contract's own schema, so
// the form refuses exactly what the server would.

export type ReportValues<R extends string> = { reason: R | ''; note: string };

export const EMPTY_REPORT: ReportValues<never> = { reason: '', note: '' };

export type ReportChecked<B> = { ok: true; body: B; errors: FieldErrors } | { ok: false; errors: FieldErrors };

export type ReportCheck<R extends string, B> = (values: ReportValues<R>) => ReportChecked<B>;

export const NEEDS_CONNECTION: ToastInput = {
  title: 'No connection',
  description: 'You need a connection to send a report. Try again when you are back online.',
  variant: 'destructive',
};

const NOT_SENT = 'Your report could not be sent. Please try again.';

/**
 * The check of one kind of report: no reason is `reasonRequired`, else the schema decides; the body
 * to send, or the first message per field (`reason`, `note`).
 */
export function reportCheck<S extends v.GenericSchema>(
  schema: S,
  reasonRequired: string,
): ReportCheck<string, v.InferOutput<S>> {
  return (values) => {
    if (values.reason === '') return { ok: false, errors: { reason: reasonRequired } };
    const checked = validate(schema, { reason: values.reason, note: values.note });
    return checked.ok ? { ok: true, body: checked.data, errors: {} } : { ok: false, errors: checked.errors };
  };
}

/**
 * What a refused or failed report tells the person, and whether the form is done with: a second
 * report while the first is open (409 already_reported) or a listing or thread that is gone (404)
 * will not go better next time.
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
