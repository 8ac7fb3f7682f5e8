import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
import { REPORTS_ACTOR, SUSPENSION_ACTOR, listingDecider, type ListingEvent } from './listing.decider.ts';
import type { ListingDetails } from './listing.events.ts';

const at = '2026-11-22T10:00:00.000Z';
const owner = { id: 'owner-1', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };
const stranger = { id: 'someone', isAdmin: false };
const propertyId = 'p-1';
const details: ListingDetails = {
  title: 'Two-bed flat',
  description: 'Near the mall',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: 'Ring Road',
  city: 'Accra',
  region: 'Greater Accra',
  country: 'Ghana',
  location: 'Accra, Ghana',
  digitalAddress: '',
  advanceRentMonths: null,
  pricePerNight: 1500,
  currency: 'GH₵',
  pricingPeriod: 'month',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi'],
};
const images = ['/files/images/a-1200.webp'];

const submitted: ListingEvent = {
  type: 'PropertySubmitted',
  data: { propertyId, ownerId: owner.id, details, images, submittedAt: at },
};
const approved: ListingEvent = { type: 'PropertyApproved', data: { propertyId, approvedBy: admin.id, approvedAt: at } };
const hidden: ListingEvent = { type: 'PropertyHidden', data: { propertyId, hiddenBy: admin.id, hiddenAt: at } };
const featured: ListingEvent = {
  type: 'PropertyFeatured',
  data: { propertyId, featuredOrder: 1, featuredBy: admin.id, featuredAt: at },
};
const deleted: ListingEvent = {
  type: 'PropertyDeletedByOwner',
  data: { propertyId, deletedBy: owner.id, deletedAt: at },
};
const shown: ListingEvent = { type: 'PropertyShown', data: { propertyId, shownBy: admin.id, shownAt: at } };
const unfeatured: ListingEvent = {
  type: 'PropertyUnfeatured',
  data: { propertyId, unfeaturedBy: admin.id, unfeaturedAt: at },
};
const reordered = (featuredOrder: number): ListingEvent => ({
  type: 'PropertyFeaturedOrderChanged',
  data: { propertyId, featuredOrder, changedBy: admin.id, changedAt: at },
});

const given = givenWhenThen(listingDecider);

describe('listing decider', () => {
  it('submits a new property', () => {
    given().when({ type: 'SubmitProperty', propertyId, ownerId: owner.id, details, images, at }).then([submitted]);
  });
  it('refuses to submit the same id twice', () => {
    given(submitted)
      .when({ type: 'SubmitProperty', propertyId, ownerId: owner.id, details, images, at })
      .thenRefuses('property_exists', 'conflict');
  });
  it('records only the fields an owner edit changes', () => {
    given(submitted)
      .when({
        type: 'EditProperty',
        actor: owner,
        changes: { title: 'Three-bed flat', city: 'Accra', bedrooms: 3 },
        at,
      })
      .then([
        {
          type: 'PropertyEdited',
          data: { propertyId, changes: { title: 'Three-bed flat', bedrooms: 3 }, editedBy: owner.id, editedAt: at },
        },
      ]);
  });
  it('records nothing for an edit that changes nothing', () => {
    given(submitted)
      .when({ type: 'EditProperty', actor: owner, changes: { title: details.title }, images, isActive: true, at })
      .then([]);
  });
  it('records changed images with the removed ones', () => {
    given(submitted)
      .when({ type: 'EditProperty', actor: owner, changes: {}, images: ['/files/images/b-1200.webp'], at })
      .then([
        {
          type: 'PropertyImagesChanged',
          data: {
            propertyId,
            images: ['/files/images/b-1200.webp'],
            removed: images,
            changedBy: owner.id,
            changedAt: at,
          },
        },
      ]);
  });
  it('records only added images as added: an image kept is not removed', () => {
    const added = [...images, '/files/images/b-1200.webp'];
    given(submitted)
      .when({ type: 'EditProperty', actor: owner, changes: {}, images: added, at })
      .then([
        {
          type: 'PropertyImagesChanged',
          data: { propertyId, images: added, removed: [], changedBy: owner.id, changedAt: at },
        },
      ]);
  });
  it('compares later image edits with the images last recorded', () => {
    const changed: ListingEvent = {
      type: 'PropertyImagesChanged',
      data: { propertyId, images: ['/files/images/b-1200.webp'], removed: images, changedBy: owner.id, changedAt: at },
    };
    given(submitted, changed)
      .when({ type: 'EditProperty', actor: owner, changes: {}, images: ['/files/images/b-1200.webp'], at })
      .then([]);
  });
  it('refuses edits by anyone but the owner, admins included, with the spec’s Access Denied text', () => {
    given(submitted)
      .when({ type: 'EditProperty', actor: stranger, changes: { title: 'x' }, at })
      .thenRefuses('not_owner', 'forbidden', {
        message: "Access Denied: You don't have permission to edit this property",
      });
    given(submitted)
      .when({ type: 'EditProperty', actor: admin, changes: { title: 'x' }, at })
      .thenRefuses('not_owner', 'forbidden');
  });
  it('keeps an edited live property live (no new review)', () => {
    const events = [
      submitted,
      approved,
      {
        type: 'PropertyEdited',
        data: { propertyId, changes: { pricePerNight: 10 }, editedBy: owner.id, editedAt: at },
      } as ListingEvent,
    ];
    const state = foldEvents(listingDecider, events);
    expect(state).toMatchObject({ isVerified: true, isActive: true, details: { pricePerNight: 10 } });
  });
  it('refuses an owner hiding a property that is still pending, and changes nothing else', () => {
    given(submitted)
      .when({ type: 'EditProperty', actor: owner, changes: { title: 'x' }, isActive: false, at })
      .thenRefuses('property_not_verified', 'conflict');
  });
  it('lets the owner hide an approved property from the edit form', () => {
    given(submitted, approved)
      .when({ type: 'EditProperty', actor: owner, changes: {}, isActive: false, at })
      .then([{ type: 'PropertyHidden', data: { propertyId, hiddenBy: owner.id, hiddenAt: at } }]);
  });
  it('approves only as an admin, once', () => {
    given(submitted).when({ type: 'ApproveProperty', actor: admin, at }).then([approved]);
    given(submitted).when({ type: 'ApproveProperty', actor: owner, at }).thenRefuses('admin_only', 'forbidden');
    given(submitted, approved).when({ type: 'ApproveProperty', actor: admin, at }).then([]);
  });
  it('holds a listing for reports: hidden by the reports, once; its owner cannot show it, an admin can', () => {
    const heldEvent: ListingEvent = {
      type: 'PropertyHidden',
      data: { propertyId, hiddenBy: REPORTS_ACTOR, hiddenAt: at },
    };
    given(submitted, approved).when({ type: 'HoldForReports', at }).then([heldEvent]);
    given(submitted, approved, heldEvent).when({ type: 'HoldForReports', at }).then([]);
    // Hidden by its owner before the reports came: held all the same, so the owner cannot show it.
    given(submitted, approved, { ...hidden, data: { ...hidden.data, hiddenBy: owner.id } })
      .when({ type: 'HoldForReports', at })
      .then([heldEvent]);
    given(submitted, approved, heldEvent)
      .when({ type: 'SetVisibility', actor: owner, isActive: true, at })
      .thenRefuses('held_for_review', 'conflict');
    given(submitted, approved, heldEvent)
      .when({ type: 'EditProperty', actor: owner, changes: { title: 'New' }, isActive: true, at })
      .thenRefuses('held_for_review', 'conflict');
    given(submitted, approved, heldEvent)
      .when({ type: 'SetVisibility', actor: admin, isActive: true, at })
      .then([shown]);
    // Shown again by an admin: the hold is over, and the owner may hide and show it as before.
    given(submitted, approved, heldEvent, shown, { ...hidden, data: { ...hidden.data, hiddenBy: owner.id } })
      .when({ type: 'SetVisibility', actor: owner, isActive: true, at })
      .then([
        { type: 'PropertyShown', data: { propertyId, shownBy: owner.id, shownAt: at } },
        // Its owner showing it says it is available (docs/decisions/400).
        { type: 'ListingAvailabilityConfirmed', data: { propertyId, confirmedBy: owner.id, confirmedAt: at } },
      ]);
  });

  it('holds a suspended owner’s visible listings, approved or not, and shows again only those the suspension hid', () => {
    const heldBySuspension: ListingEvent = {
      type: 'PropertyHidden',
      data: { propertyId, hiddenBy: SUSPENSION_ACTOR, hiddenAt: at },
    };
    const released: ListingEvent = {
      type: 'PropertyShown',
      data: { propertyId, shownBy: SUSPENSION_ACTOR, shownAt: at },
    };
    const heldByReports: ListingEvent = {
      type: 'PropertyHidden',
      data: { propertyId, hiddenBy: REPORTS_ACTOR, hiddenAt: at },
    };
    given(submitted, approved).when({ type: 'HoldForSuspension', at }).then([heldBySuspension]);
    // Still waiting for approval: hidden too, so an approval cannot put it live while the owner is suspended.
    given(submitted).when({ type: 'HoldForSuspension', at }).then([heldBySuspension]);
    given(submitted, approved, heldBySuspension).when({ type: 'HoldForSuspension', at }).then([]);
    // Hidden by its owner, or held by the reports: it stays as it was, and the lifting leaves it so.
    given(submitted, approved, hidden).when({ type: 'HoldForSuspension', at }).then([]);
    given(submitted, approved, hidden).when({ type: 'ReleaseSuspensionHold', at }).then([]);
    given(submitted, approved, heldBySuspension, heldByReports).when({ type: 'ReleaseSuspensionHold', at }).then([]);
    given(submitted, approved, heldBySuspension).when({ type: 'ReleaseSuspensionHold', at }).then([released]);
    given(submitted, approved, heldBySuspension, released).when({ type: 'ReleaseSuspensionHold', at }).then([]);
    given(submitted, approved, heldBySuspension)
      .when({ type: 'SetVisibility', actor: owner, isActive: true, at })
      .thenRefuses('held_for_suspension', 'conflict');
    given(submitted, approved, heldBySuspension)
      .when({ type: 'SetVisibility', actor: admin, isActive: true, at })
      .then([shown]);
    // Shown by an admin meanwhile: the hold is over, and the lifting changes nothing.
    given(submitted, approved, heldBySuspension, shown).when({ type: 'ReleaseSuspensionHold', at }).then([]);
    given().when({ type: 'HoldForSuspension', at }).thenRefuses('property_not_found', 'not_found');
  });

  it('hides and shows only a verified property', () => {
    given(submitted)
      .when({ type: 'SetVisibility', actor: admin, isActive: false, at })
      .thenRefuses('property_not_verified', 'conflict');
    given(submitted, approved).when({ type: 'SetVisibility', actor: admin, isActive: false, at }).then([hidden]);
    given(submitted, approved, hidden)
      .when({ type: 'SetVisibility', actor: admin, isActive: true, at })
      .then([{ type: 'PropertyShown', data: { propertyId, shownBy: admin.id, shownAt: at } }]);
    given(submitted, approved).when({ type: 'SetVisibility', actor: admin, isActive: true, at }).then([]);
    given(submitted, approved)
      .when({ type: 'SetVisibility', actor: stranger, isActive: false, at })
      .thenRefuses('not_owner', 'forbidden');
  });
  it('lets the owner hide and show their approved property, and hides a property shown again', () => {
    given(submitted, approved)
      .when({ type: 'SetVisibility', actor: owner, isActive: false, at })
      .then([{ type: 'PropertyHidden', data: { propertyId, hiddenBy: owner.id, hiddenAt: at } }]);
    given(submitted, approved, hidden, shown)
      .when({ type: 'SetVisibility', actor: admin, isActive: false, at })
      .then([hidden]);
  });
  it('features only a live property, as an admin', () => {
    given(submitted)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 1, at })
      .thenRefuses('property_not_live', 'conflict');
    given(submitted, approved, hidden)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 1, at })
      .thenRefuses('property_not_live', 'conflict');
    given(submitted, approved)
      .when({ type: 'SetFeatured', actor: owner, isFeatured: true, featuredOrder: 1, at })
      .thenRefuses('admin_only', 'forbidden');
    given(submitted, approved)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 1, at })
      .then([featured]);
  });
  it('changes the order of a featured property, and unfeatures it', () => {
    given(submitted, approved, featured)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 3, at })
      .then([
        {
          type: 'PropertyFeaturedOrderChanged',
          data: { propertyId, featuredOrder: 3, changedBy: admin.id, changedAt: at },
        },
      ]);
    given(submitted, approved, featured)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 1, at })
      .then([]);
    given(submitted, approved, featured)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: false, featuredOrder: 1, at })
      .then([{ type: 'PropertyUnfeatured', data: { propertyId, unfeaturedBy: admin.id, unfeaturedAt: at } }]);
    given(submitted, approved)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: false, featuredOrder: 1, at })
      .then([]);
  });
  it('reorders only a featured property', () => {
    given(submitted, approved)
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 2, at })
      .thenRefuses('property_not_featured', 'conflict');
    given(submitted, approved, featured)
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 2, at })
      .then([
        {
          type: 'PropertyFeaturedOrderChanged',
          data: { propertyId, featuredOrder: 2, changedBy: admin.id, changedAt: at },
        },
      ]);
    given(submitted, approved, featured)
      .when({ type: 'ChangeFeaturedOrder', actor: owner, featuredOrder: 2, at })
      .thenRefuses('admin_only', 'forbidden');
  });
  it('records nothing when the featured order is already the one asked for', () => {
    given(submitted, approved, featured)
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 1, at })
      .then([]);
    given(submitted, approved, featured, reordered(3))
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 3, at })
      .then([]);
    given(submitted, approved, featured, reordered(3))
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 1, at })
      .then([reordered(1)]);
  });
  it('treats an unfeatured property as never featured: no reordering, and featuring it again is a new feature', () => {
    given(submitted, approved, featured, unfeatured)
      .when({ type: 'ChangeFeaturedOrder', actor: admin, featuredOrder: 2, at })
      .thenRefuses('property_not_featured', 'conflict');
    given(submitted, approved, featured, unfeatured)
      .when({ type: 'SetFeatured', actor: admin, isFeatured: true, featuredOrder: 1, at })
      .then([featured]);
  });
  it('lets only the owner delete, and then the property is gone', () => {
    given(submitted).when({ type: 'DeleteByOwner', actor: stranger, at }).thenRefuses('not_owner', 'forbidden');
    given(submitted).when({ type: 'DeleteByOwner', actor: owner, at }).then([deleted]);
    given(submitted, deleted)
      .when({ type: 'EditProperty', actor: owner, changes: { title: 'x' }, at })
      .thenRefuses('property_not_found', 'not_found');
    given(submitted, deleted)
      .when({ type: 'DeleteByOwner', actor: owner, at })
      .thenRefuses('property_not_found', 'not_found');
  });
  it('keeps nothing of a deleted property but the fact that it was deleted', () => {
    expect(foldEvents(listingDecider, [submitted, approved, deleted])).toEqual({ status: 'deleted' });
    const gone: ListingEvent = {
      type: 'PropertyDeletedPermanently',
      data: { propertyId, images, deletedBy: admin.id, deletedAt: at },
    };
    expect(foldEvents(listingDecider, [submitted, gone])).toEqual({ status: 'deleted' });
  });
  it('deletes permanently only as an admin, naming the images to remove', () => {
    given(submitted).when({ type: 'DeletePermanently', actor: owner, at }).thenRefuses('admin_only', 'forbidden');
    given(submitted)
      .when({ type: 'DeletePermanently', actor: admin, at })
      .then([{ type: 'PropertyDeletedPermanently', data: { propertyId, images, deletedBy: admin.id, deletedAt: at } }]);
    given().when({ type: 'DeletePermanently', actor: admin, at }).thenRefuses('property_not_found', 'not_found');
  });
  it('answers not found for any command on a property that does not exist', () => {
    given().when({ type: 'ApproveProperty', actor: admin, at }).thenRefuses('property_not_found', 'not_found');
    given()
      .when({ type: 'EditProperty', actor: owner, changes: {}, at })
      .thenRefuses('property_not_found', 'not_found');
  });
});
