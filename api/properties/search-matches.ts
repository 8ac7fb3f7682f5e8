import { amenityMask, type SearchState } from '../../events/listing/listing-search.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import type { SearchChange } from './search-cache.ts';
import { monthlyBounds } from './search.read.ts';

/** A search as its answer is cached: the query and its typed location as normalised (placeQuery). */
export type SearchFilter = { q: SearchQuery; place: string };

/** Whether a live listing in a state is one of the search's results: the rule searchListings' SQL applies. */
export function searchMatcher({ q, place }: SearchFilter): (state: SearchState) => boolean {
  const { min, max } = monthlyBounds(q);
  const mask = amenityMask(q.amenities ?? []);
  return (state) => {
    if (place !== '' && !state.names.some((name) => name.startsWith(place))) return false;
    if (q.propertyType && state.propertyType !== q.propertyType) return false;
    if (q.category && state.category !== q.category) return false;
    if (q.listingType && state.listingType !== q.listingType) return false;
    if (min !== undefined && !(state.monthlyEquivalent >= min)) return false;
    if (max !== undefined && !(state.monthlyEquivalent <= max)) return false;
    if (q.bedrooms && !(state.bedrooms >= q.bedrooms)) return false;
    // A state logged before advance rent was searched for has none: not said, found by no such filter.
    const advance = state.advanceRentMonths ?? null;
    if (q.maxAdvanceRent !== undefined && !(advance !== null && advance <= q.maxAdvanceRent)) return false;
    return (state.amenities & mask) === mask;
  };
}

/**
 * Whether a change can have changed a search's answer: a listing that matched
 * it before or matches it after. One that matched neither moved nothing in it
 * (its page, its order, its total).
 */
export const searchAffectedBy = (filter: SearchFilter) => {
  const matches = searchMatcher(filter);
  return (change: SearchChange): boolean => change === null || change.some(matches);
};

/**
 * Whether a change can have added a place name that a typed location (as
 * normalised) finds. Names are removed only by a rebuild (a null change); ''
 * ("anywhere") is made with the first live listing, so any live state counts for it.
 */
export const placeNamesAffectedBy =
  (place: string) =>
  (change: SearchChange): boolean =>
    change === null || change.some((state) => state.names.some((name) => name.startsWith(place)));
