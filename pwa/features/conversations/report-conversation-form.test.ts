import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { enConversations } from '../../i18n/en-conversations.ts';
import {
  CONVERSATION_REPORT_NOTE_MAX,
  CONVERSATION_REPORT_REASON_NAMES,
  CONVERSATION_REPORT_REASONS,
} from './conversations-contract.ts';
import {
  CONVERSATION_REASON_REQUIRED,
  checkConversationReport,
  conversationReportFailure,
  REPORT_NEEDS_CONNECTION,
} from './report-conversation-form.ts';

const refusal = (status: number, code: string, error: string) =>
  new ApiError(status, JSON.stringify({ error, code }), { error, code });

describe('the conversation report form', () => {
  it('asks for a reason first, and names each reason as the contract does', () => {
    expect(checkConversationReport({ reason: '', note: 'Asked for a viewing fee' })).toEqual({
      ok: false,
      errors: { reason: CONVERSATION_REASON_REQUIRED },
    });
    for (const reason of CONVERSATION_REPORT_REASONS)
      expect(enConversations[`conversations.report.reason.${reason}`]).toBe(CONVERSATION_REPORT_REASON_NAMES[reason]);
  });
  it('sends a reason with no note, and a trimmed note when there is one', () => {
    expect(checkConversationReport({ reason: 'scam', note: '' })).toMatchObject({
      ok: true,
      body: { reason: 'scam', note: '' },
    });
    expect(checkConversationReport({ reason: 'harassment', note: '  Calls me at night  ' })).toMatchObject({
      ok: true,
      body: { reason: 'harassment', note: 'Calls me at night' },
    });
  });
  it('needs a note for "Something else", and spaces are not one', () => {
    expect(checkConversationReport({ reason: 'other', note: '   ' })).toEqual({
      ok: false,
      errors: { note: enConversations['conversations.report.noteRequired'] },
    });
    expect(checkConversationReport({ reason: 'spam', note: 'x'.repeat(CONVERSATION_REPORT_NOTE_MAX + 1) }).ok).toBe(
      false,
    );
  });
});

describe('a conversation report that did not go through', () => {
  it('shows the server’s words for a second report, and the form is done', () => {
    const already = enConversations['conversations.report.already'];
    expect(conversationReportFailure(refusal(409, 'already_reported', already))).toEqual({
      toast: { title: already },
      close: true,
    });
  });
  it('keeps the form on other refusals, and says a connection is needed when no answer came', () => {
    expect(conversationReportFailure(refusal(500, 'internal', 'Something went wrong')).close).toBe(false);
    expect(conversationReportFailure(new TypeError('Failed to fetch'))).toEqual({
      toast: REPORT_NEEDS_CONNECTION,
      close: false,
    });
  });
});
