import { describe, expect, it } from 'vitest';
import { alertFiltersOf, searchParamsOfAlert } from './alert-filters.ts';

describe('alert filters', () => {
  it('keeps the filters the API matches on, as text, and not the page, the order or the view', () => {
    expect(
      alertFiltersOf({ location: 'Hohoe', maxAdvanceRent: 6, bedrooms: 2, page: 3, sort: 'price_asc', view: 'list' }),
    ).toEqual({ location: 'Hohoe', maxAdvanceRent: '6', bedrooms: '2' });
    expect(alertFiltersOf({ type: 'house', maxPrice: 1500, timePeriod: 'months' })).toEqual({
      propertyType: 'house',
      maxPrice: '1500',
      timePeriod: 'months',
    });
    // A period without a price says nothing.
    expect(alertFiltersOf({ timePeriod: 'weeks' })).toEqual({});
  });

  it('reads an alert’s filters back as the search page’s parameters', () => {
    expect(searchParamsOfAlert({ location: 'Hohoe', maxAdvanceRent: '6', bedrooms: '2' })).toMatchObject({
      location: 'Hohoe',
      maxAdvanceRent: 6,
      bedrooms: 2,
    });
  });
});
