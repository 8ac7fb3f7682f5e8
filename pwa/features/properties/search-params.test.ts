import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SearchParamsSchema, activeFilterCount } from './search-params.ts';

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
  it('ignores malformed numbers instead of failing the page', () => {
    expect(v.parse(SearchParamsSchema, { page: 'abc', location: 123 })).toMatchObject({
      page: undefined,
      location: '123',
    });
  });
});
