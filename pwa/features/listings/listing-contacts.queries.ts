import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { ListingContactCounts } from '../../lib/contract.ts';

/** How many people asked about each of the host's listings by WhatsApp or a call (issue 33). */
export const listingContactCountsQuery = () =>
  queryOptions({
    queryKey: ['properties', 'mine', 'contacts'],
    queryFn: ({ signal }) => apiGet<ListingContactCounts>('/api/user/listing-contacts', signal),
  });

export const useListingContactCounts = () => useQuery(listingContactCountsQuery());

/** "3 people asked (2 by WhatsApp, 1 by phone)", or null before anyone has. */
export function contactCountText(counts: ListingContactCounts[string] | undefined): string | null {
  if (!counts || counts.people === 0) return null;
  const ways = [
    counts.whatsapp > 0 ? `${counts.whatsapp} by WhatsApp` : null,
    counts.call > 0 ? `${counts.call} by phone` : null,
  ].filter(Boolean);
  return `${counts.people} ${counts.people === 1 ? 'person' : 'people'} asked (${ways.join(', ')})`;
}
