import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { SignOutPendingError } from '../../offline/session-change.ts';
import { checkReport, NEEDS_CONNECTION, REASON_REQUIRED, reportFailure } from './report-form.ts';
import { REPORT_NOTE_MAX, REPORT_NOTE_MESSAGE } from './reports-contract.ts';

const refusal = (status: number, code: string, error: string) =>
  new ApiError(status, JSON.stringify({ error, code }), { error, code });

describe('the report form', () => {
  it('asks for a reason before anything else', () => {
    expect(checkReport({ reason: '', note: 'Asked for a viewing fee' })).toEqual({
      ok: false,
      errors: { reason: REASON_REQUIRED },
    });
  });
  it('sends a reason with no note, and a trimmed note when there is one', () => {
    expect(checkReport({ reason: 'scam', note: '' })).toMatchObject({ ok: true, body: { reason: 'scam', note: '' } });
    expect(checkReport({ reason: 'wrong_price', note: '  Says 800, asked 1,500  ' })).toMatchObject({
      ok: true,
      body: { reason: 'wrong_price', note: 'Says 800, asked 1,500' },
    });
  });
  it('needs a note for "Something else", and spaces are not one', () => {
    expect(checkReport({ reason: 'other', note: '   ' })).toEqual({ ok: false, errors: { note: REPORT_NOTE_MESSAGE } });
    expect(checkReport({ reason: 'other', note: 'The photos are of another house' }).ok).toBe(true);
  });
  it('refuses a note longer than the contract allows', () => {
    const checked = checkReport({ reason: 'scam', note: 'x'.repeat(REPORT_NOTE_MAX + 1) });
    expect(checked).toEqual({
      ok: false,
      errors: { note: `The note must be at most ${REPORT_NOTE_MAX} characters` },
    });
  });
});

describe('a report that did not go through', () => {
  it('shows the server’s words for a second report, and the form is done', () => {
    const already = 'You have already reported this listing. The Efie team will tell you what they decide.';
    expect(reportFailure(refusal(409, 'already_reported', already))).toEqual({
      toast: { title: already },
      close: true,
    });
  });
  it('closes on a listing that is gone, and keeps the form on other refusals', () => {
    expect(reportFailure(refusal(404, 'property_not_found', 'Property not found')).close).toBe(true);
    expect(reportFailure(refusal(500, 'internal', 'Something went wrong'))).toEqual({
      toast: { title: 'Something went wrong', variant: 'destructive' },
      close: false,
    });
  });
  it('says a connection is needed when no answer came, and keeps the form', () => {
    expect(reportFailure(new TypeError('Failed to fetch'))).toEqual({ toast: NEEDS_CONNECTION, close: false });
    expect(reportFailure(new SignOutPendingError('offline')).toast.title).toMatch(/has not reached Efie yet/);
  });
});
