import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import type { ContactChannel } from './contact.policy.ts';
import { listingContactEventTypes } from './listing-contact.events.ts';

export type ListingContactEvent = DomainEvent<(typeof listingContactEventTypes)[number]>;

/** How many contacts the listing's stream holds (nothing a rule needs besides). */
export type ListingContactState = { contacts: number };

export type ListingContactCommand = {
  type: 'ContactHost';
  contactId: string;
  listingId: string;
  /** The listing's owner: nobody contacts themselves. */
  ownerId: string;
  renter: Actor;
  channel: ContactChannel;
  at: string;
};

export const LISTING_CONTACT_ERRORS = {
  ownListing: () => new DomainError('forbidden', 'own_listing', 'This is your own listing.'),
};

/**
 * Every contact is recorded, a renter's second call too: the host's figures count people, and an
 * admin following up a scam sees each attempt. The route checks that the listing is live.
 */
export const listingContactDecider: Decider<ListingContactCommand, ListingContactEvent, ListingContactState> = {
  initialState: () => ({ contacts: 0 }),
  decide(command) {
    const { contactId, listingId, ownerId, renter, channel, at } = command;
    if (renter.id === ownerId) throw LISTING_CONTACT_ERRORS.ownListing();
    return [{ type: 'HostContacted', data: { contactId, listingId, renterId: renter.id, channel, contactedAt: at } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'HostContacted':
        return { contacts: state.contacts + 1 };
    }
  },
};

export const listingContactAggregate = { eventTypes: listingContactEventTypes, decider: listingContactDecider };
