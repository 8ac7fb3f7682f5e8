import { describe, expect, it } from 'vitest';
import { checkReport, REASON_REQUIRED } from './report-form.ts';
import { REPORT_NOTE_MAX, REPORT_NOTE_MESSAGE } from './reports-contract.ts';

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
