import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '../../lib/api-client.ts';
import type { AnalyticsTimeframe, ListingAnalytics } from './listing-analytics-contract.ts';

/** GET /api/user/listing-analytics: the host's listings' views, visitors, conversations and contacts over the window (issue 34). */
export const listingAnalyticsQuery = (days: AnalyticsTimeframe) =>
  queryOptions({
    queryKey: ['properties', 'mine', 'analytics', days],
    queryFn: ({ signal }) => apiGet<ListingAnalytics>(withQuery('/api/user/listing-analytics', { days }), signal),
    // Switching the window keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useListingAnalytics = (days: AnalyticsTimeframe) => useQuery(listingAnalyticsQuery(days));
