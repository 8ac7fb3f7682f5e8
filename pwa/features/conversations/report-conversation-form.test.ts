import { describe, expect, it } from 'vitest';
import { enConversations } from '../../i18n/en-conversations.ts';
import {
  CONVERSATION_REPORT_NOTE_MAX,
  CONVERSATION_REPORT_REASON_NAMES,
  CONVERSATION_REPORT_REASONS,
} from './conversations-contract.ts';
import { CONVERSATION_REASON_REQUIRED, checkConversationReport } from './report-conversation-form.ts';

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
