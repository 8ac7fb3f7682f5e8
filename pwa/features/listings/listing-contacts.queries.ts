import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { ListingContactCounts } from '../../lib/contract.ts';
import { t, tn } from '../../i18n/i18n.ts';
import '../../i18n/en-host.ts';

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
    counts.whatsapp > 0 ? t('host.byWhatsapp', { count: counts.whatsapp }) : null,
    counts.call > 0 ? t('host.byPhone', { count: counts.call }) : null,
  ].filter(Boolean);
  return tn('host.asked', counts.people, { ways: ways.join(', ') });
}
