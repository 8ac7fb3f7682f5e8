import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type ListingContactEvent, listingContactDecider } from './listing-contact.decider.ts';

const at = '2026-11-29T10:00:00.000Z';
const renter = { id: 'renter-1', isAdmin: false };
const contact = (n: number, channel: 'whatsapp' | 'call' = 'whatsapp', who = renter) =>
  ({
    type: 'ContactHost',
    contactId: `c${n}`,
    listingId: 'l-1',
    ownerId: 'owner-1',
    renter: who,
    channel,
    at,
  }) as const;
const contacted = (n: number, channel = 'whatsapp'): ListingContactEvent => ({
  type: 'HostContacted',
  data: { contactId: `c${n}`, listingId: 'l-1', renterId: renter.id, channel, contactedAt: at },
});

const given = givenWhenThen(listingContactDecider);

describe('listing contact decider', () => {
  it('records each contact, a second one by the same renter too', () => {
    given()
      .when(contact(1))
      .then([contacted(1)]);
    given(contacted(1))
      .when(contact(2, 'call'))
      .then([contacted(2, 'call')]);
  });

  it('refuses the owner contacting themselves', () => {
    given()
      .when(contact(1, 'call', { id: 'owner-1', isAdmin: false }))
      .thenRefuses('own_listing', 'forbidden');
  });
});
