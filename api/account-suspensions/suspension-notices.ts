import { cutText } from '../contract/well-formed-text.ts';
import { messageToPerson, type NewMessage } from '../outbox/outbox.ts';

/** What a suspended account's owner is told: by e-mail, else SMS. */
export function suspendedNotice(
  contact: { email: string | null; phone: string | null },
  reason: string,
): NewMessage | undefined {
  const text = [
    'Your Efie account is suspended after reports about your listings. You cannot sign in, and renters no longer see your listings.',
    reason ? `The Efie team adds: ${cutText(reason, 500)}` : null,
    'If you think this is a mistake, write to Efie support from the Contact page.',
  ]
    .filter((line) => line !== null)
    .join('\n\n');
  return messageToPerson(contact, 'Your Efie account is suspended', text);
}

/** What the owner is told when the suspension is lifted. */
export function suspensionLiftedNotice(
  contact: { email: string | null; phone: string | null },
  note: string,
): NewMessage | undefined {
  const text = [
    'Your Efie account is no longer suspended: you can sign in again, and the listings the suspension hid are back on Efie.',
    note ? `The Efie team adds: ${cutText(note, 500)}` : null,
  ]
    .filter((line) => line !== null)
    .join('\n\n');
  return messageToPerson(contact, 'Your Efie account is open again', text);
}
