import type { QueryClient } from '@tanstack/react-query';
import type { SearchPage } from '../../lib/contract.ts';
import { amenityLabel, categoryLabel, propertyTypeLabel } from '../../lib/format.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import type { SearchFilters } from './search.queries.ts';
import type { SearchParams } from './search-params.ts';
import { localeTag, t, tn } from '../../i18n/i18n.ts';
import '../../i18n/en-search.ts';

// The searches whose answers this device holds (the query cache, restored from IndexedDB):
// what a person offline can still open instead of a search never made here.

export type SavedSearch = { filters: SearchFilters; total: number; totalIsExact: boolean; savedAt: number };

const PERIOD: Record<string, MessageId> = {
  week: 'savedSearch.aWeek',
  weeks: 'savedSearch.aWeek',
  month: 'savedSearch.aMonth',
  months: 'savedSearch.aMonth',
  year: 'savedSearch.aYear',
  years: 'savedSearch.aYear',
};
const amount = (value: number) => value.toLocaleString(localeTag(), { maximumFractionDigits: 2 });

/** The answered searches in the cache, newest first, one per set of filters. */
export function savedSearches(client: QueryClient): SavedSearch[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: ['properties', 'search'] })
    .filter((query) => query.state.data !== undefined && query.state.status === 'success')
    .map((query) => ({
      filters: query.queryKey[2] as SearchFilters,
      total: (query.state.data as SearchPage).total,
      // Answers kept from before totals were capped carry no flag: theirs were exact.
      totalIsExact: (query.state.data as SearchPage).totalIsExact ?? true,
      savedAt: query.state.dataUpdatedAt,
    }))
    .sort((a, b) => b.savedAt - a.savedAt);
}

/** The search page's URL parameters for a set of filters (page 1 is left out, as the screen does). */
export function searchParamsOf(filters: SearchFilters): SearchParams {
  const { limit: _limit, page, ...rest } = filters;
  return { ...rest, page: page && page > 1 ? page : undefined };
}

/** A short description of a search, in the words of the filter panel. */
export function describeSearch(filters: SearchFilters): string {
  const parts = [filters.location ? filters.location : t('savedSearch.all')];
  if (filters.propertyType) parts.push(propertyTypeLabel(filters.propertyType));
  if (filters.category) parts.push(categoryLabel(filters.category));
  if (filters.listingType === 'sale') parts.push(t('savedSearch.forSale'));
  if (filters.bedrooms) parts.push(t('savedSearch.bedrooms', { count: filters.bedrooms }));
  const period = t(PERIOD[filters.timePeriod ?? 'months'] ?? 'savedSearch.aMonth');
  const { minPrice: min, maxPrice: max } = filters;
  if (min !== undefined && max !== undefined) parts.push(`${amount(min)}–${amount(max)} ${period}`);
  else if (min !== undefined) parts.push(t('savedSearch.from', { amount: amount(min), period }));
  else if (max !== undefined) parts.push(t('savedSearch.upTo', { amount: amount(max), period }));
  if (filters.maxAdvanceRent !== undefined)
    parts.push(
      filters.maxAdvanceRent === 0
        ? t('savedSearch.noUpFront')
        : t('savedSearch.atMost', { months: tn('count.month', filters.maxAdvanceRent) }),
    );
  if (filters.guests && filters.guests > 1) parts.push(t('savedSearch.guests', { count: filters.guests }));
  for (const id of (filters.amenities ?? '').split(',').filter(Boolean)) parts.push(amenityLabel(id));
  if (filters.page && filters.page > 1) parts.push(t('savedSearch.page', { page: filters.page }));
  return parts.join(' · ');
}
