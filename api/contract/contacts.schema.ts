import * as v from 'valibot';
import { CONTACT_CHANNELS, type ContactChannel } from '../../events/listing-contact/contact.policy.ts';

// Contacting a host by WhatsApp or a call (issue 33, docs/decisions/350).

export { CONTACT_CHANNELS, type ContactChannel } from '../../events/listing-contact/contact.policy.ts';

/** POST /api/properties/{id}/contacts: how the renter is about to reach the host. */
export const ContactHostSchema = v.object(
  { channel: v.picklist(CONTACT_CHANNELS, `channel must be one of ${CONTACT_CHANNELS.join(', ')}`) },
  'The body must be a JSON object',
);

/** The link that opens WhatsApp with a message naming the listing, or the phone's dialler; the contact is recorded. */
export type ContactAnswer = { channel: ContactChannel; href: string };

/** GET /api/user/listing-contacts: per own listing, how many people asked, and by which way. */
export type ListingContactCounts = Record<string, { people: number; whatsapp: number; call: number }>;

/** GET /api/admin/properties/{id}/contacts: who contacted the host, newest first (following up a scam). */
export type ListingContactEntry = {
  renterId: string;
  renterName: string | null;
  renterEmail: string | null;
  renterPhone: string | null;
  channel: ContactChannel;
  contactedAt: string;
};
