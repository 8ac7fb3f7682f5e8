// How a renter may reach a host beyond the spec's contact page (issue 33, docs/decisions/350).

/** WhatsApp (a wa.me link with a message naming the listing) or a phone call. */
export const CONTACT_CHANNELS = ['whatsapp', 'call'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
