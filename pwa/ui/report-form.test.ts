import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { SignOutPendingError } from '../offline/session-change.ts';
import { NEEDS_CONNECTION, reportFailure } from './report-form.ts';

const refusal = (status: number, code: string, error: string) =>
  new ApiError(status, JSON.stringify({ error, code }), { error, code });

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
