import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';
import { legacyRegionOf } from './places.policy.ts';

// A listing's life on its own stream `property-<id>`. The API validates the
// values (api/contract/properties.schema.ts); here they are stored as given.

export const listingStreamId = (propertyId: string) => `property-${propertyId}`;

const at = v.string();
const actor = v.string();

export const ListingDetailsSchema = v.object({
  title: v.string(),
  description: v.string(),
  propertyType: v.string(),
  category: v.string(),
  listingType: v.string(),
  address: v.string(),
  city: v.string(),
  /** One of Ghana's 16 regions for a Ghanaian listing (places.policy.ts), '' elsewhere. Since v2. */
  region: v.string(),
  country: v.string(),
  location: v.string(),
  /** A Ghanaian listing's GhanaPost GPS address, canonical (places.policy.ts), '' for none. Since v3. */
  digitalAddress: v.string(),
  /** Months of rent asked up front, null when the host has not said (advance-rent.policy.ts). Since v4. */
  advanceRentMonths: v.nullable(v.number()),
  pricePerNight: v.number(),
  currency: v.string(),
  pricingPeriod: v.string(),
  bedrooms: v.number(),
  bathrooms: v.number(),
  amenities: v.array(v.string()),
});
export type ListingDetails = v.InferOutput<typeof ListingDetailsSchema>;

type Fields = Record<string, unknown>;
const fieldsOf = (data: unknown): Fields => (typeof data === 'object' && data !== null ? (data as Fields) : {});
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * v1 → v2: a listing written before regions were stored gets the region its town had in the
 * spec's first list (places.policy.ts, frozen), '' for any other. A region already there stays:
 * seeds and tests write current details under the default version 1.
 */
function withLegacyRegion(details: Fields): Fields {
  return 'region' in details
    ? details
    : { ...details, region: legacyRegionOf(text(details.country), text(details.city)) };
}

export const PropertySubmitted = defineEvent(
  'PropertySubmitted',
  v.object({
    propertyId: v.string(),
    ownerId: v.string(),
    details: ListingDetailsSchema,
    images: v.array(v.string()),
    submittedAt: at,
  }),
  {
    version: 4,
    upcasters: {
      1: (data) => {
        const event = fieldsOf(data);
        return { ...event, details: withLegacyRegion(fieldsOf(event.details)) };
      },
      // v2 → v3: no listing had a digital address before. One already there stays (seeds write current details as v1).
      2: (data) => {
        const event = fieldsOf(data);
        const details = fieldsOf(event.details);
        return 'digitalAddress' in details ? event : { ...event, details: { ...details, digitalAddress: '' } };
      },
      // v3 → v4: no listing stated its advance rent before: "not said". One already there stays.
      3: (data) => {
        const event = fieldsOf(data);
        const details = fieldsOf(event.details);
        return 'advanceRentMonths' in details ? event : { ...event, details: { ...details, advanceRentMonths: null } };
      },
    },
  },
);
/**
 * Only the fields that changed (a v2 edit may carry digitalAddress or advanceRentMonths, null when
 * cleared: the partial schema took them without a new version).
 */
export const PropertyEdited = defineEvent(
  'PropertyEdited',
  v.object({ propertyId: v.string(), changes: v.partial(ListingDetailsSchema), editedBy: actor, editedAt: at }),
  {
    version: 2,
    upcasters: {
      // Under v1 a new town always came with its country (the API checked the pair), so the
      // change's own country, or Ghana's towns' names, say the region. A town of the first list
      // is named in no other country's list, so a change of the city alone is read as Ghana's.
      1: (data) => {
        const event = fieldsOf(data);
        const changes = fieldsOf(event.changes);
        if (changes.city === undefined || 'region' in changes) return event;
        const country = text(changes.country) ?? 'Ghana';
        return { ...event, changes: { ...changes, region: legacyRegionOf(country, text(changes.city)) } };
      },
    },
  },
);
export const PropertyImagesChanged = defineEvent(
  'PropertyImagesChanged',
  v.object({
    propertyId: v.string(),
    images: v.array(v.string()),
    removed: v.array(v.string()),
    changedBy: actor,
    changedAt: at,
  }),
);
export const PropertyApproved = defineEvent(
  'PropertyApproved',
  v.object({ propertyId: v.string(), approvedBy: actor, approvedAt: at }),
);
export const PropertyHidden = defineEvent(
  'PropertyHidden',
  v.object({ propertyId: v.string(), hiddenBy: actor, hiddenAt: at }),
);
export const PropertyShown = defineEvent(
  'PropertyShown',
  v.object({ propertyId: v.string(), shownBy: actor, shownAt: at }),
);
export const PropertyFeatured = defineEvent(
  'PropertyFeatured',
  v.object({ propertyId: v.string(), featuredOrder: v.number(), featuredBy: actor, featuredAt: at }),
);
export const PropertyUnfeatured = defineEvent(
  'PropertyUnfeatured',
  v.object({ propertyId: v.string(), unfeaturedBy: actor, unfeaturedAt: at }),
);
export const PropertyFeaturedOrderChanged = defineEvent(
  'PropertyFeaturedOrderChanged',
  v.object({ propertyId: v.string(), featuredOrder: v.number(), changedBy: actor, changedAt: at }),
);
export const PropertyDeletedByOwner = defineEvent(
  'PropertyDeletedByOwner',
  v.object({ propertyId: v.string(), deletedBy: actor, deletedAt: at }),
);
/** The admin's permanent delete; `images` lists the files to remove from storage. */
export const PropertyDeletedPermanently = defineEvent(
  'PropertyDeletedPermanently',
  v.object({ propertyId: v.string(), images: v.array(v.string()), deletedBy: actor, deletedAt: at }),
);

// Listings that stay true (issue 34, docs/decisions/400; events/listing/freshness.policy.ts).
/** The host says the listing is still available: its 45 days start again. */
export const ListingAvailabilityConfirmed = defineEvent(
  'ListingAvailabilityConfirmed',
  v.object({ propertyId: v.string(), confirmedBy: actor, confirmedAt: at }),
);
/** The host was reminded, a week ahead, that the listing leaves search at `expiresAt` unless confirmed. */
export const ListingExpiryReminded = defineEvent(
  'ListingExpiryReminded',
  v.object({ propertyId: v.string(), expiresAt: at, remindedAt: at }),
);
/** Not confirmed in time: the listing left search (hidden until its host brings it back). */
export const ListingExpired = defineEvent('ListingExpired', v.object({ propertyId: v.string(), expiredAt: at }));
/** The host says it is let: it leaves search at once. */
export const ListingMarkedLet = defineEvent(
  'ListingMarkedLet',
  v.object({ propertyId: v.string(), markedBy: actor, markedAt: at }),
);
/**
 * An expired or let listing back in search, confirmed available. `needsReview`: it was changed while
 * it was down, so it waits for the admins' approval again.
 */
export const ListingRelisted = defineEvent(
  'ListingRelisted',
  v.object({ propertyId: v.string(), needsReview: v.boolean(), relistedBy: actor, relistedAt: at }),
);

export const listingEventTypes = [
  PropertySubmitted,
  PropertyEdited,
  PropertyImagesChanged,
  PropertyApproved,
  PropertyHidden,
  PropertyShown,
  PropertyFeatured,
  PropertyUnfeatured,
  PropertyFeaturedOrderChanged,
  PropertyDeletedByOwner,
  PropertyDeletedPermanently,
  ListingAvailabilityConfirmed,
  ListingExpiryReminded,
  ListingExpired,
  ListingMarkedLet,
  ListingRelisted,
] as const;

export const LISTING_EVENT_NAMES: readonly string[] = listingEventTypes.map((t) => t.type);
