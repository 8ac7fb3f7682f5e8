import { amenityMask, type SearchState } from '../../events/listing/listing-search.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import type { SearchChange } from './search-cache.ts';
import { monthlyBounds, placeQuery } from './search.read.ts';

/** Whether a live listing in this state is one of the search's results: the rule searchListings' SQL applies. */
export function searchMatches(q: SearchQuery, state: SearchState): boolean {
  const place = placeQuery(q);
  if (place !== '' && !state.names.some((name) => name.startsWith(place))) return false;
  if (q.propertyType && state.propertyType !== q.propertyType) return false;
  if (q.category && state.category !== q.category) return false;
  if (q.listingType && state.listingType !== q.listingType) return false;
  const { min, max } = monthlyBounds(q);
  if (min !== undefined && !(state.monthlyEquivalent >= min)) return false;
  if (max !== undefined && !(state.monthlyEquivalent <= max)) return false;
  if (q.bedrooms && !(state.bedrooms >= q.bedrooms)) return false;
  const mask = amenityMask(q.amenities ?? []);
  return (state.amenities & mask) === mask;
}

/**
 * Whether a change can have changed a search's answer: a listing that matched
 * it before or matches it after. One that matched neither moved nothing in it
 * (its page, its order, its total).
 */
export const searchAffectedBy = (q: SearchQuery, change: SearchChange): boolean =>
  change === null || change.some((state) => searchMatches(q, state));

/**
 * Whether a change can have added a place name that a typed location (as
 * normalised) finds. Names are removed only by a rebuild (a null change); ''
 * ("anywhere") is made with the first live listing, so any live state counts for it.
 */
export const placeNamesAffectedBy = (place: string, change: SearchChange): boolean =>
  change === null || change.some((state) => state.names.some((name) => name.startsWith(place)));
