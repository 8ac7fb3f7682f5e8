import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type ListingEvent, listingDecider } from './listing.decider.ts';
import type { ListingDetails } from './listing.events.ts';

// Listings that stay true (issue 34, docs/decisions/400): confirmed every 30 days, reminded a week
// before the 45 days end, out of search at the end, and back with one tap.

const propertyId = 'p-1';
const owner = { id: 'owner-1', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };
const stranger = { id: 'renter-1', isAdmin: false };
const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 24 * 60 * 60 * 1000).toISOString();
const details = {
  title: 'Two rooms near Hohoe market',
  description: 'Quiet, with water all day.',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: '4 Market Road',
  city: 'Hohoe',
  region: 'Volta',
  country: 'Ghana',
  location: 'Hohoe, Ghana',
  digitalAddress: '',
  advanceRentMonths: null,
  pricePerNight: 900,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: [],
} as ListingDetails;

const submitted: ListingEvent = {
  type: 'PropertySubmitted',
  data: { propertyId, ownerId: owner.id, details, images: [], submittedAt: day(0) },
};
const approved: ListingEvent = {
  type: 'PropertyApproved',
  data: { propertyId, approvedBy: admin.id, approvedAt: day(0) },
};
const confirmed = (n: number): ListingEvent => ({
  type: 'ListingAvailabilityConfirmed',
  data: { propertyId, confirmedBy: owner.id, confirmedAt: day(n) },
});
const reminded = (n: number, expires: number): ListingEvent => ({
  type: 'ListingExpiryReminded',
  data: { propertyId, expiresAt: day(expires), remindedAt: day(n) },
});
const expired = (n: number): ListingEvent => ({ type: 'ListingExpired', data: { propertyId, expiredAt: day(n) } });
const let_ = (n: number): ListingEvent => ({
  type: 'ListingMarkedLet',
  data: { propertyId, markedBy: owner.id, markedAt: day(n) },
});
const relisted = (n: number, needsReview = false, by = owner): ListingEvent => ({
  type: 'ListingRelisted',
  data: { propertyId, needsReview, relistedBy: by.id, relistedAt: day(n) },
});
const edited = (n: number): ListingEvent => ({
  type: 'PropertyEdited',
  data: { propertyId, changes: { title: 'Two rooms, freshly painted' }, editedBy: owner.id, editedAt: day(n) },
});

const given = givenWhenThen(listingDecider);

describe('listing freshness', () => {
  it('reminds the host a week before the 45 days end, once, and only a live listing', () => {
    given(submitted, approved)
      .when({ type: 'RemindExpiry', at: day(37) })
      .then([]);
    given(submitted, approved)
      .when({ type: 'RemindExpiry', at: day(38) })
      .then([reminded(38, 45)]);
    given(submitted, approved, reminded(38, 45))
      .when({ type: 'RemindExpiry', at: day(40) })
      .then([]);
    // Waiting for approval, or hidden: not in search, nothing to remind of.
    given(submitted)
      .when({ type: 'RemindExpiry', at: day(50) })
      .then([]);
    given(submitted, approved, {
      type: 'PropertyHidden',
      data: { propertyId, hiddenBy: owner.id, hiddenAt: day(1) },
    })
      .when({ type: 'RemindExpiry', at: day(50) })
      .then([]);
  });

  it('gives the host the week even when the reminder comes late', () => {
    // Approved long before (or the sweep did not run): out of search a week after the reminder, not at once.
    given(submitted, approved)
      .when({ type: 'RemindExpiry', at: day(100) })
      .then([reminded(100, 107)]);
  });

  it('takes a reminded listing out of search when its time comes, not before', () => {
    given(submitted, approved, reminded(38, 45))
      .when({ type: 'Expire', at: day(44) })
      .then([]);
    given(submitted, approved, reminded(38, 45))
      .when({ type: 'Expire', at: day(45) })
      .then([expired(45)]);
    // Never reminded: never expired.
    given(submitted, approved)
      .when({ type: 'Expire', at: day(90) })
      .then([]);
    given(submitted, approved, reminded(38, 45), expired(45))
      .when({ type: 'Expire', at: day(46) })
      .then([]);
  });

  it('starts the 45 days again when the host confirms, reminder or not', () => {
    given(submitted, approved)
      .when({ type: 'ConfirmAvailable', actor: owner, at: day(20) })
      .then([confirmed(20)]);
    given(submitted, approved, reminded(38, 45), confirmed(40))
      .when({ type: 'Expire', at: day(46) })
      .then([]);
    given(submitted, approved, reminded(38, 45), confirmed(40))
      .when({ type: 'RemindExpiry', at: day(78) })
      .then([reminded(78, 85)]);
  });

  it('lets only the owner confirm, mark let or bring back, and only an approved listing', () => {
    for (const type of ['ConfirmAvailable', 'MarkLet', 'Relist'] as const) {
      given(submitted, approved)
        .when({ type, actor: stranger, at: day(1) })
        .thenRefuses('not_owner', 'forbidden');
      given(submitted, approved)
        .when({ type, actor: admin, at: day(1) })
        .thenRefuses('not_owner', 'forbidden');
    }
    given(submitted)
      .when({ type: 'ConfirmAvailable', actor: owner, at: day(1) })
      .thenRefuses('property_not_verified', 'conflict');
    given(submitted)
      .when({ type: 'MarkLet', actor: owner, at: day(1) })
      .thenRefuses('property_not_verified', 'conflict');
    given(submitted, approved)
      .when({ type: 'Relist', actor: owner, at: day(1) })
      .thenRefuses('property_not_down', 'conflict');
  });

  it('takes a let listing out of search at once, and brings it back with one tap', () => {
    given(submitted, approved)
      .when({ type: 'MarkLet', actor: owner, at: day(10) })
      .then([let_(10)]);
    given(submitted, approved, let_(10))
      .when({ type: 'MarkLet', actor: owner, at: day(11) })
      .then([]);
    given(submitted, approved, let_(10))
      .when({ type: 'Relist', actor: owner, at: day(30) })
      .then([relisted(30)]);
    // "Still available" on a listing that is down brings it back too (the reminder's link).
    given(submitted, approved, reminded(38, 45), expired(45))
      .when({ type: 'ConfirmAvailable', actor: owner, at: day(50) })
      .then([relisted(50)]);
    // Showing it (the owner's visibility switch) is the same.
    given(submitted, approved, expired(45))
      .when({ type: 'SetVisibility', actor: owner, isActive: true, at: day(50) })
      .then([relisted(50)]);
  });

  it('sends a listing changed while it was down back to the admins', () => {
    given(submitted, approved, let_(10), edited(12))
      .when({ type: 'Relist', actor: owner, at: day(20) })
      .then([relisted(20, true)]);
    // Changed before it went down: approved as it is.
    given(submitted, approved, edited(5), let_(10))
      .when({ type: 'Relist', actor: owner, at: day(20) })
      .then([relisted(20)]);
    // Back, waiting for approval: nothing to confirm until an admin approves it.
    given(submitted, approved, let_(10), edited(12), relisted(20, true))
      .when({ type: 'ConfirmAvailable', actor: owner, at: day(21) })
      .thenRefuses('property_not_verified', 'conflict');
    given(submitted, approved, let_(10), edited(12), relisted(20, true))
      .when({ type: 'ApproveProperty', actor: admin, at: day(22) })
      .then([{ type: 'PropertyApproved', data: { propertyId, approvedBy: admin.id, approvedAt: day(22) } }]);
  });

  it('keeps a listing held by reports out of search whatever its host taps', () => {
    const held: ListingEvent = {
      type: 'PropertyHidden',
      data: { propertyId, hiddenBy: 'system:reports', hiddenAt: day(3) },
    };
    given(submitted, approved, held, let_(5))
      .when({ type: 'Relist', actor: owner, at: day(6) })
      .thenRefuses('held_for_review', 'conflict');
    given(submitted, approved, held)
      .when({ type: 'ConfirmAvailable', actor: owner, at: day(6) })
      .thenRefuses('held_for_review', 'conflict');
  });

  it('does nothing to a listing that does not exist', () => {
    given()
      .when({ type: 'Expire', at: day(1) })
      .then([]);
    given()
      .when({ type: 'RemindExpiry', at: day(1) })
      .then([]);
  });
});
