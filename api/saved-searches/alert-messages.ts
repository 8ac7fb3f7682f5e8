import type { Property } from '../contract/properties.schema.ts';
import { formatPrice } from '../contract/price-text.ts';
import { cutText } from '../contract/well-formed-text.ts';
import { type NewMessage, type NewPushMessage, pushMessage } from '../outbox/outbox.ts';

/** The listing an alert is about, as the alert names it. */
export type AlertListing = { id: string; title: string; city: string } & Pick<Property, 'pricePerNight' | 'currency'>;

const summary = (listing: AlertListing) => `${cutText(listing.title, 80)} · ${listing.city} · ${formatPrice(listing)}`;

export function alertPush(
  endpoint: string,
  searchId: string,
  searchName: string,
  listing: AlertListing,
): NewPushMessage {
  return pushMessage(endpoint, {
    title: `New on Efie: ${cutText(searchName, 60)}`,
    body: summary(listing),
    url: `/property/${listing.id}`,
    tag: `saved-search-${searchId}`,
  });
}

/** The alert as a message, by e-mail or else SMS, with the listing's link and the one-tap unsubscribe link. */
export function alertMessage(
  contact: { email: string | null; phone: string | null },
  origin: string,
  searchName: string,
  listing: AlertListing,
  unsubscribe: string,
): NewMessage | undefined {
  const link = `${origin}/property/${listing.id}`;
  const name = cutText(searchName, 60);
  if (contact.email)
    return {
      channel: 'email',
      to: contact.email,
      subject: `A new home for your search "${name}"`,
      text: [
        `A new listing on Efie matches your saved search "${name}":`,
        `${summary(listing)}\n${link}`,
        'Never pay a viewing fee or a deposit before you have seen the place and its documents.',
        `You get at most one of these a day for this search. To stop them: ${unsubscribe}`,
      ].join('\n\n'),
    };
  if (contact.phone)
    return {
      channel: 'sms',
      to: contact.phone,
      subject: null,
      text: `Efie: new for "${name}": ${cutText(listing.title, 40)}, ${formatPrice(listing)} ${link} Stop: ${unsubscribe}`,
    };
  return undefined;
}
