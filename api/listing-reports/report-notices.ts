import type { ReportAction } from '../../events/listing-report/listing-report.events.ts';
import { cutText } from '../contract/well-formed-text.ts';
import { messageToPerson, type NewMessage } from '../outbox/outbox.ts';

const OUTCOMES: Record<ReportAction, string> = {
  dismiss: 'We checked it and found nothing that breaks our rules, so it stays on Efie.',
  hide: 'We have hidden it: renters no longer see it while we follow up with the host.',
  delete: 'We have removed it from Efie.',
  suspend: 'We have hidden it and suspended the host’s account while we follow up.',
};

/** What a reporter is told when the admins resolve their report: by e-mail, else SMS. */
export function reportResolvedNotice(
  contact: { email: string | null; phone: string | null },
  listingTitle: string,
  action: ReportAction,
  note: string,
): NewMessage | undefined {
  const title = cutText(listingTitle, 80);
  const text = [
    `Thank you for reporting the listing "${title}" on Efie. ${OUTCOMES[action]}`,
    note ? `The Efie team adds: ${cutText(note, 500)}` : null,
    'Remember: never pay a viewing fee or a deposit before you have seen the place and its documents.',
  ]
    .filter((line) => line !== null)
    .join('\n\n');
  return messageToPerson(contact, 'About the listing you reported', text);
}
