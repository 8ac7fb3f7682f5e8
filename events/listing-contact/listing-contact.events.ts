import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// Renters reaching a listing's host by WhatsApp or a call (issue 33, docs/decisions/350): each
// contact recorded on the listing's contact stream, so hosts see how many people asked and admins
// can follow up a scam.

export { CONTACT_CHANNELS, type ContactChannel } from './contact.policy.ts';

export const listingContactsStreamId = (listingId: string) => `listing-contacts-${listingId}`;

export const HostContacted = defineEvent(
  'HostContacted',
  v.object({
    contactId: v.string(),
    listingId: v.string(),
    renterId: v.string(),
    channel: v.string(),
    contactedAt: v.string(),
  }),
);

export const listingContactEventTypes = [HostContacted] as const;

export const LISTING_CONTACT_EVENT_NAMES: readonly string[] = listingContactEventTypes.map((t) => t.type);
