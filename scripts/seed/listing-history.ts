import type { ListingEvent } from '../../events/listing/listing.decider.ts';
import type { ListingDetails } from '../../events/listing/listing.events.ts';

export type SeedStatus = 'live' | 'pending' | 'hidden' | 'featured';

/**
 * A generated listing's history as the events the decider would have made, for the bulk loads
 * that write straight to the log (the seed past 1,000 listings, bench:search): one place for
 * their shapes, checked against the events' types.
 */
export function listingHistory({
  propertyId,
  ownerId,
  adminId,
  details,
  images,
  at,
  status,
  featuredOrder = 1,
}: {
  propertyId: string;
  ownerId: string;
  adminId: string;
  details: ListingDetails;
  images: string[];
  at: string;
  status: SeedStatus;
  featuredOrder?: number;
}): ListingEvent[] {
  const events: ListingEvent[] = [
    { type: 'PropertySubmitted', data: { propertyId, ownerId, details, images, submittedAt: at } },
  ];
  if (status !== 'pending')
    events.push({ type: 'PropertyApproved', data: { propertyId, approvedBy: adminId, approvedAt: at } });
  if (status === 'hidden')
    events.push({ type: 'PropertyHidden', data: { propertyId, hiddenBy: adminId, hiddenAt: at } });
  if (status === 'featured')
    events.push({ type: 'PropertyFeatured', data: { propertyId, featuredOrder, featuredBy: adminId, featuredAt: at } });
  return events;
}
