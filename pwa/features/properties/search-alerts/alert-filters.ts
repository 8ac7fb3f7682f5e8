import * as v from 'valibot';
import { SearchParamsSchema, type SearchParams, toFilters } from '../search-params.ts';
import type { SearchFilters } from '../search.queries.ts';
import { SAVED_SEARCH_FIELDS, type SavedSearchFilters } from './search-alerts-contract.ts';

/**
 * The search page's filters as an alert keeps them (api/contract/saved-searches.schema.ts): the
 * fields the API matches on, as text; the page, the order and the view are not part of a search alert.
 * The period is sent only with a price, which is all it qualifies.
 */
export function alertFiltersOf(params: SearchParams): SavedSearchFilters {
  const filters = toFilters(params);
  const out: SavedSearchFilters = {};
  for (const field of SAVED_SEARCH_FIELDS) {
    const value = filters[field as keyof SearchFilters];
    if (value === undefined || value === null || value === '') continue;
    out[field] = String(value);
  }
  if (out.minPrice === undefined && out.maxPrice === undefined) delete out.timePeriod;
  return out;
}

/** An alert's filters back as the search page's parameters (for its summary and its link). */
export const searchParamsOfAlert = (filters: SavedSearchFilters): SearchParams => v.parse(SearchParamsSchema, filters);
