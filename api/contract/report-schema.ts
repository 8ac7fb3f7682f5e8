import * as v from 'valibot';

// What a report is, whatever it is about (a listing, issue 33; a conversation, issue 34): one of
// the reasons, and a note that is optional except with "other".

export const REPORT_NOTE_MAX = 1000;

/** The body of a report, with `noteMessage` when "other" comes without a note (or the note is not text). */
export const reportSchema = <const Reason extends string>(
  reasons: readonly [Reason, ...Reason[]],
  noteMessage: string,
) =>
  v.pipe(
    v.object(
      {
        reason: v.picklist(reasons, `reason must be one of ${reasons.join(', ')}`),
        note: v.optional(
          v.pipe(
            v.string(noteMessage),
            v.trim(),
            v.maxLength(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters`),
          ),
          '',
        ),
      },
      'The body must be a JSON object',
    ),
    v.forward(
      v.check((b) => b.reason !== 'other' || b.note !== '', noteMessage),
      ['note'],
    ),
  );
