import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '../../lib/api-client.ts';
import type { SearchPage } from '../../lib/contract.ts';

export const PAGE_SIZE = 12;

export type SearchFilters = {
  location?: string | undefined;
  propertyType?: string | undefined;
  category?: string | undefined;
  listingType?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  timePeriod?: string | undefined;
  bedrooms?: number | undefined;
  /** Only listings that state an advance rent of at most this many months (issue 33). */
  maxAdvanceRent?: number | undefined;
  guests?: number | undefined;
  amenities?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

export function fetchSearch(filters: SearchFilters, signal?: AbortSignal): Promise<SearchPage> {
  const { bedrooms, page, limit, ...rest } = filters;
  return apiGet<SearchPage>(
    withQuery('/api/properties/search', {
      ...rest,
      bedrooms: bedrooms && bedrooms > 0 ? bedrooms : undefined,
      page: page ?? 1,
      limit: limit ?? PAGE_SIZE,
    }),
    signal,
  );
}

export const searchQuery = (filters: SearchFilters) =>
  queryOptions({
    queryKey: ['properties', 'search', filters],
    queryFn: ({ signal }) => fetchSearch(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useSearch = (filters: SearchFilters) => useQuery(searchQuery(filters));
