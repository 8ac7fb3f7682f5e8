import type { ContactChannel } from '../contract/contacts.schema.ts';

/**
 * The link a contact opens: WhatsApp's click-to-chat (https://wa.me/<number>?text=...) with a message
 * naming the listing and its address on Efie, or `tel:` for a call. The owner's phone is stored
 * normalised with its country code (+233...); wa.me takes the digits alone.
 */
export function contactLink(
  channel: ContactChannel,
  phone: string,
  listing: { id: string; title: string },
  publicOrigin: string,
): string {
  if (channel === 'call') return `tel:${phone}`;
  const text = `Hello, I saw your listing "${listing.title}" on Efie (${publicOrigin}/property/${listing.id}). Is it still available?`;
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
