import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { describeSearch, savedSearches, searchParamsOf } from './saved-searches.ts';

const page = (total: number, totalIsExact?: boolean) => ({
  properties: [],
  total,
  page: 1,
  pageSize: 12,
  ...(totalIsExact === undefined ? {} : { totalIsExact }),
});

describe('saved searches', () => {
  it('lists only the searches with an answer, newest first', () => {
    const client = new QueryClient();
    // Accra's answer was kept from before totals were capped (no flag): its total was exact.
    client.setQueryData(['properties', 'search', { location: 'Accra', page: 1 }], page(3), { updatedAt: 1_000 });
    client.setQueryData(['properties', 'search', { location: 'Kumasi', page: 1 }], page(7, true), { updatedAt: 2_000 });
    client.setQueryData(['properties', 'search', { page: 1 }], page(1000, false), { updatedAt: 3_000 });
    client.setQueryData(['properties', 'detail', 'x'], { id: 'x' });
    void client.prefetchQuery({
      queryKey: ['properties', 'search', { location: 'Tema', page: 1 }],
      queryFn: () => new Promise(() => {}),
    });
    expect(savedSearches(client)).toEqual([
      { filters: { page: 1 }, total: 1000, totalIsExact: false, savedAt: 3_000 },
      { filters: { location: 'Kumasi', page: 1 }, total: 7, totalIsExact: true, savedAt: 2_000 },
      { filters: { location: 'Accra', page: 1 }, total: 3, totalIsExact: true, savedAt: 1_000 },
    ]);
  });

  it("describes a search in the filter panel's words, the period defaulting to a month", () => {
    expect(describeSearch({ page: 1 })).toBe('All properties');
    expect(
      describeSearch({
        location: 'Accra',
        propertyType: 'apartment',
        bedrooms: 2,
        maxPrice: 5000,
        amenities: 'wifi,pool',
        page: 2,
      }),
    ).toBe('Accra · Apartment · 2+ bedrooms · up to 5,000 a month · WiFi · Pool · page 2');
    expect(describeSearch({ minPrice: 100, maxPrice: 900, timePeriod: 'weeks', listingType: 'sale' })).toBe(
      'All properties · For sale · 100–900 a week',
    );
  });

  it('describes the advance-rent filter', () => {
    expect(describeSearch({ location: 'Accra', maxAdvanceRent: 6 })).toBe('Accra · at most 6 months up front');
    expect(describeSearch({ maxAdvanceRent: 1 })).toBe('All properties · at most 1 month up front');
    expect(describeSearch({ maxAdvanceRent: 0 })).toBe('All properties · no rent up front');
  });

  it("turns a search back into the search page's parameters", () => {
    expect(searchParamsOf({ location: 'Accra', maxAdvanceRent: 6, page: 1 })).toEqual({
      location: 'Accra',
      maxAdvanceRent: 6,
      page: undefined,
    });
    expect(searchParamsOf({ location: 'Accra', bedrooms: 2, page: 1 })).toEqual({
      location: 'Accra',
      bedrooms: 2,
      page: undefined,
    });
    expect(searchParamsOf({ location: 'Accra', page: 3, limit: 12 })).toEqual({ location: 'Accra', page: 3 });
  });
});
