import * as v from 'valibot';
import { MAX_ADVANCE_RENT_FILTER } from '../../lib/contract.ts';
import type { SearchFilters } from './search.queries.ts';

// URL search params arrive parsed as JSON by the router, so "2" may be a number and "123" a location.
const text = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);
const count = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.finite(), v.minValue(0))),
  undefined,
);

/** "At most N months up front": a whole number the API takes (0 to 24), else no filter rather than a refused search. */
const months = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number))]),
      v.integer(),
      v.minValue(0),
      v.maxValue(MAX_ADVANCE_RENT_FILTER),
    ),
  ),
  undefined,
);

export const SearchParamsSchema = v.object({
  location: text,
  propertyType: text,
  type: text,
  category: text,
  listingType: text,
  minPrice: count,
  maxPrice: count,
  timePeriod: text,
  bedrooms: count,
  maxAdvanceRent: months,
  guests: count,
  amenities: text,
  sort: text,
  page: count,
  // `?saved=true` arrives as a boolean; Saved Properties links write it that way.
  saved: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.boolean(), v.string()]),
        v.transform((value) => value === true || value === 'true'),
      ),
    ),
    undefined,
  ),
  view: text,
});

export type SearchParams = v.InferOutput<typeof SearchParamsSchema>;

/** The filters shown in the panel that differ from their defaults (for the badge). */
export function activeFilterCount(params: SearchParams): number {
  let total = 0;
  if (params.propertyType ?? params.type) total++;
  if (params.category) total++;
  if (params.listingType && params.listingType !== 'rent') total++;
  if (params.minPrice !== undefined) total++;
  if (params.maxPrice !== undefined) total++;
  if (params.timePeriod && params.timePeriod !== 'months') total++;
  if (params.bedrooms) total++;
  if (params.maxAdvanceRent !== undefined) total++;
  if (params.guests && params.guests > 1) total++;
  if (params.amenities) total += params.amenities.split(',').filter(Boolean).length;
  return total;
}

export function toFilters(params: SearchParams): SearchFilters {
  return {
    location: params.location,
    propertyType: params.propertyType ?? params.type,
    category: params.category,
    listingType: params.listingType,
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    timePeriod: params.timePeriod,
    bedrooms: params.bedrooms,
    maxAdvanceRent: params.maxAdvanceRent,
    guests: params.guests,
    amenities: params.amenities,
    sort: params.sort,
    page: params.page ?? 1,
  };
}
