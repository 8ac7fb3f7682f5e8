import { describe, expect, it } from 'vitest';
import type { SearchState } from '../../events/listing/listing-search.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import { searchAffectedBy, searchMatcher } from './search-matches.ts';

const state = (overrides: Partial<SearchState> = {}): SearchState => ({
  names: ['', 'tema ghana', 'ghana', 'greater accra'],
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  monthlyEquivalent: 1500,
  bedrooms: 2,
  amenities: 0b101,
  advanceRentMonths: 6,
  ...overrides,
});
const query = (q: Partial<SearchQuery> = {}): SearchQuery =>
  ({ sort: 'newest', page: 1, limit: 12, ...q }) as SearchQuery;
const matches = (q: Partial<SearchQuery>, s: SearchState, place = '') => searchMatcher({ q: query(q), place })(s);

describe('which cached searches a listing matches (the rule of the SQL and the index)', () => {
  it('finds a listing by a name it starts, and by each filter it passes', () => {
    expect(matches({}, state(), 'tem')).toBe(true);
    expect(matches({}, state(), 'accra')).toBe(false);
    expect(matches({ propertyType: 'house' }, state())).toBe(false);
    expect(matches({ bedrooms: 3 }, state())).toBe(false);
    expect(matches({ minPrice: 1500, maxPrice: 1500 }, state())).toBe(true);
  });

  it('keeps to "at most N months up front": a listing that says so, never one that does not say', () => {
    expect(matches({ maxAdvanceRent: 6 }, state())).toBe(true);
    expect(matches({ maxAdvanceRent: 5 }, state())).toBe(false);
    expect(matches({ maxAdvanceRent: 6 }, state({ advanceRentMonths: 0 }))).toBe(true);
    expect(matches({ maxAdvanceRent: 24 }, state({ advanceRentMonths: null }))).toBe(false);
    expect(matches({}, state({ advanceRentMonths: null }))).toBe(true);
    // A state logged before advance rent was searched for has no such field: not said.
    const { advanceRentMonths: _, ...logged } = state();
    expect(matches({ maxAdvanceRent: 24 }, logged)).toBe(false);
    expect(matches({}, logged)).toBe(true);
  });

  it('counts a change as affecting a search when the listing matched it before or after', () => {
    const affected = searchAffectedBy({ q: query({ maxAdvanceRent: 6 }), place: '' });
    expect(affected([state({ advanceRentMonths: 24 }), state({ advanceRentMonths: 5 })])).toBe(true);
    expect(affected([state({ advanceRentMonths: 24 }), state({ advanceRentMonths: 12 })])).toBe(false);
    expect(affected(null)).toBe(true);
  });
});
