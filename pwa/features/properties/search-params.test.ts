import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SearchParamsSchema, activeFilterCount, toFilters } from './search-params.ts';

describe('search params', () => {
  it('counts each active filter and each amenity for the badge', () => {
    const params = v.parse(SearchParamsSchema, {
      location: 'Accra',
      propertyType: 'house',
      bedrooms: 2,
      amenities: 'wifi,pool',
    });
    expect(activeFilterCount(params)).toBe(4);
  });
  it('does not count defaults', () => {
    const params = v.parse(SearchParamsSchema, { listingType: 'rent', timePeriod: 'months', guests: 1, bedrooms: 0 });
    expect(activeFilterCount(params)).toBe(0);
  });
  it('round-trips "at most 6 months up front" from the URL to the search, and counts it', () => {
    // The router hands `?maxAdvanceRent=6` over as a number, a typed URL may give text.
    for (const given of [6, '6']) {
      const params = v.parse(SearchParamsSchema, { location: 'Accra', maxAdvanceRent: given });
      expect(params.maxAdvanceRent).toBe(6);
      expect(toFilters(params)).toMatchObject({ location: 'Accra', maxAdvanceRent: 6 });
      expect(activeFilterCount(params)).toBe(1);
    }
    expect(v.parse(SearchParamsSchema, { maxAdvanceRent: 0 }).maxAdvanceRent).toBe(0);
    expect(toFilters(v.parse(SearchParamsSchema, {})).maxAdvanceRent).toBeUndefined();
  });
  it('drops an advance the API would refuse (not whole, negative, above 24) rather than fail the search', () => {
    for (const given of [1.5, -1, 25, 'six', '']) {
      expect(v.parse(SearchParamsSchema, { maxAdvanceRent: given }).maxAdvanceRent).toBeUndefined();
    }
    expect(v.parse(SearchParamsSchema, { maxAdvanceRent: 24 }).maxAdvanceRent).toBe(24);
  });
  it('ignores malformed numbers instead of failing the page', () => {
    expect(v.parse(SearchParamsSchema, { page: 'abc', location: 123 })).toMatchObject({
      page: undefined,
      location: '123',
    });
  });
});
