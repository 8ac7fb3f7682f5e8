import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { searchQuery, type SearchFilters } from './search.queries.ts';

export const HOME_COUNT = 6;

export const fetchFeatured = (signal?: AbortSignal) => apiGet<Property[]>('/api/properties/featured', signal);

export const featuredQuery = () =>
  queryOptions({ queryKey: ['properties', 'featured'], queryFn: ({ signal }) => fetchFeatured(signal) });

/** GET /api/properties/search?limit=6: the home page's fallback when nothing is featured. */
export const HOME_FALLBACK: SearchFilters = { page: 1, limit: HOME_COUNT };

export type HomeListing = { properties: Property[]; source: 'featured' | 'fallback' };

/**
 * Featured first; when none are featured, the first 6 of a general search (spec part 1 §2 Home).
 * Both requests start together in the route loader, so an empty featured list costs no round trip.
 */
export function useHomeListing() {
  const featured = useQuery(featuredQuery());
  const fallback = useQuery({ ...searchQuery(HOME_FALLBACK), enabled: featured.data?.length === 0 });
  if (featured.isPending || (featured.data?.length === 0 && fallback.isPending)) return { status: 'pending' as const };
  if (featured.isError) return { status: 'error' as const };
  if (featured.data.length > 0)
    return {
      status: 'success' as const,
      data: { properties: featured.data.slice(0, HOME_COUNT), source: 'featured' } satisfies HomeListing,
    };
  if (fallback.isError) return { status: 'error' as const };
  return {
    status: 'success' as const,
    data: {
      properties: (fallback.data?.properties ?? []).slice(0, HOME_COUNT),
      source: 'fallback',
    } satisfies HomeListing,
  };
}
