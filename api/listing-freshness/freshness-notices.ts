import { cutText } from '../contract/well-formed-text.ts';
import { messageToPerson, type NewMessage } from '../outbox/outbox.ts';

type Host = { email: string | null; phone: string | null };
type Listing = { id: string; title: string };

/** Where a host confirms in one tap: their dashboard, with the listing's question at the top. */
export const confirmLink = (publicOrigin: string, listingId: string) =>
  `${publicOrigin}/host-dashboard?confirm=${encodeURIComponent(listingId)}`;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A week before: the listing leaves search unless its host says it is still available. */
export function expiryReminder(
  host: Host,
  listing: Listing,
  expiresAt: string,
  publicOrigin: string,
): NewMessage | undefined {
  const title = cutText(listing.title, 80);
  return messageToPerson(
    host,
    `Is "${cutText(listing.title, 50)}" still available?`,
    [
      `Your listing "${title}" on Efie has not been confirmed for a while. Renters trust listings that are up to date.`,
      `If it is still available, confirm it with one tap before ${day(expiresAt)}, or it leaves search on that day: ${confirmLink(publicOrigin, listing.id)}`,
      'If it is already let, say so on the same page and it leaves search at once.',
    ].join('\n\n'),
  );
}

/** On the day: the listing left search; one tap brings it back. */
export function expiredNotice(host: Host, listing: Listing, publicOrigin: string): NewMessage | undefined {
  return messageToPerson(
    host,
    `"${cutText(listing.title, 50)}" has left search`,
    [
      `Your listing "${cutText(listing.title, 80)}" was not confirmed as available for 45 days, so renters no longer find it on Efie.`,
      `If it is still available, bring it back with one tap: ${confirmLink(publicOrigin, listing.id)}`,
    ].join('\n\n'),
  );
}
