import { describe, expect, it } from 'vitest';
import { AMENITY_BITS } from '../../events/listing/listing-search.ts';
import { createRandom } from '../../scripts/seed/photos.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import { createSearchIndex, type IndexedListing } from './search-index.ts';
import { TOTAL_CAP } from './search.read.ts';

/** Names with shared prefixes, so that a typed prefix finds one, a few or many of them. */
const WORDS = [
  'accra',
  'accra mall',
  'ho',
  'hohoe',
  'kumasi',
  'kumasi ghana',
  'oxford street',
  'osu',
  'tema',
  'tamale',
];
const MANY = Array.from({ length: 12 }, (_, n) => `street ${n}`);

function randomListing(random: ReturnType<typeof createRandom>, id: string): IndexedListing {
  return {
    id,
    // Few distinct times and prices: ties are broken by the id, as in the SQL.
    at: Date.UTC(2026, 0, random.int(1, 20)),
    price: random.int(1, 12) * 250,
    propertyType: random.int(0, 3),
    category: random.int(0, 3),
    listingType: random.int(0, 1),
    bedrooms: random.pick([0, 1, 2, 3, 4, 200]),
    amenities: random.int(0, 2 ** AMENITY_BITS.length - 1) & random.int(0, 2 ** AMENITY_BITS.length - 1),
    names: ['', ...new Set([random.pick(WORDS), random.pick(WORDS), random.pick(MANY)])],
    // Around the filter's bounds: none said, the Rent Act's 6, the largest filter's 24, and past it.
    advanceRent: random.pick([null, null, 0, 1, 6, 7, 12, 24, 25, 31, 60]),
  };
}

const query = (q: Partial<SearchQuery>): SearchQuery => ({ sort: 'newest', page: 1, limit: 12, ...q }) as SearchQuery;

/** The rule written out plainly: every live listing tested, sorted, counted up to the cap, paged. */
function expected(listings: Map<string, IndexedListing>, q: SearchQuery, place: string) {
  const codes = { apartment: 0, house: 1, studio: 2, room: 3, general: 0, student: 1, corporate: 2, tourist: 3 };
  const mask = (q.amenities ?? []).reduce((m, a) => m | (1 << AMENITY_BITS.indexOf(a)), 0);
  const found = [...listings.values()].filter(
    (l) =>
      l.names.some((name) => name.startsWith(place)) &&
      (!q.propertyType || l.propertyType === codes[q.propertyType]) &&
      (!q.category || l.category === codes[q.category]) &&
      (!q.listingType || l.listingType === (q.listingType === 'rent' ? 0 : 1)) &&
      (q.minPrice === undefined || l.price >= q.minPrice) &&
      (q.maxPrice === undefined || l.price <= q.maxPrice) &&
      l.bedrooms >= (q.bedrooms ?? 0) &&
      (l.amenities & mask) === mask &&
      (q.maxAdvanceRent === undefined || (l.advanceRent !== null && l.advanceRent <= q.maxAdvanceRent)),
  );
  const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : 1);
  found.sort((a, b) =>
    q.sort === 'newest'
      ? b.at - a.at || -byId(a, b)
      : q.sort === 'price_asc'
        ? a.price - b.price || byId(a, b)
        : b.price - a.price || -byId(a, b),
  );
  const offset = (q.page - 1) * q.limit;
  const upTo = Math.max(TOTAL_CAP + 1, offset + q.limit + 1);
  const counted = Math.min(found.length, upTo);
  return {
    ids: found.slice(offset, Math.min(offset + q.limit, counted)).map((l) => l.id),
    total: counted < upTo ? counted : upTo - 1,
    totalIsExact: counted < upTo,
  };
}

function randomQuery(random: ReturnType<typeof createRandom>): { q: SearchQuery; place: string } {
  const q: Partial<SearchQuery> = {
    sort: random.pick(['newest', 'price_asc', 'price_desc'] as const),
    limit: random.pick([3, 12, 50]),
    page: random.pick([1, 2, 3, 25, 84]),
  };
  if (random.chance(0.5)) q.propertyType = random.pick(['apartment', 'house', 'studio', 'room'] as const);
  if (random.chance(0.2)) q.category = random.pick(['general', 'student'] as const);
  if (random.chance(0.2)) q.maxAdvanceRent = random.pick([0, 6, 12, 24]);
  if (random.chance(0.2)) q.listingType = random.pick(['rent', 'sale'] as const);
  // Bounds on the price itself (the index holds monthly equivalents; a month's bound is the same number).
  if (random.chance(0.4)) q.minPrice = random.int(1, 6) * 250;
  if (random.chance(0.4)) q.maxPrice = random.int(6, 12) * 250;
  // A narrow band: two prices of twelve, walked as a range of the cheapest-first list.
  if (random.chance(0.2)) {
    q.minPrice = random.int(1, 11) * 250;
    q.maxPrice = q.minPrice + 250;
  }
  if (random.chance(0.3)) q.bedrooms = random.int(0, 5);
  if (random.chance(0.3)) q.amenities = random.subset([...AMENITY_BITS], 0.15);
  const place = random.pick([
    '',
    '',
    'accra',
    'accra m',
    'ho',
    'hohoe',
    'k',
    'kumasi',
    'o',
    'street',
    'street 1',
    't',
    'x',
  ]);
  return { q: query(q), place };
}

describe('search index', () => {
  it('answers every search as the rule does, with totals capped, through random changes', () => {
    const random = createRandom(260);
    const index = createSearchIndex();
    const live = new Map<string, IndexedListing>();
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const first = Array.from({ length: 1400 }, (_, n) => randomListing(random, id(n)));
    index.reset(first);
    for (const l of first) live.set(l.id, l);
    for (let round = 0; round < 8; round++) {
      for (let k = 0; k < 150; k++) {
        const changed = id(random.int(0, 1700));
        if (random.chance(0.25)) {
          index.put(changed, undefined);
          live.delete(changed);
        } else {
          const listing = randomListing(random, changed);
          index.put(changed, listing);
          live.set(changed, listing);
        }
      }
      expect(index.size()).toBe(live.size);
      for (let n = 0; n < 150; n++) {
        const { q, place } = randomQuery(random);
        expect(index.find(q, place), `${place} ${JSON.stringify(q)}`).toEqual(expected(live, q, place));
      }
    }
  });

  it('gives up a search that would read more than its budget of entries, and answers the rest exactly', () => {
    const random = createRandom(261);
    const index = createSearchIndex();
    const live = new Map<string, IndexedListing>();
    const listings = Array.from({ length: 3000 }, (_, n) => randomListing(random, `id-${String(n).padStart(5, '0')}`));
    index.reset(listings);
    for (const l of listings) live.set(l.id, l);
    let givenUp = 0;
    for (let n = 0; n < 400; n++) {
      const { q, place } = randomQuery(random);
      const answer = index.find(q, place, 400);
      if (answer === undefined) givenUp++;
      else expect(answer, `${place} ${JSON.stringify(q)}`).toEqual(expected(live, q, place));
    }
    // Both happen: searches answered within 400 entries, and searches that would read more.
    expect(givenUp).toBeGreaterThan(40);
    expect(givenUp).toBeLessThan(360);
    // With no filter but the price, nothing is read but the page: the total is the band's size.
    expect(index.find(query({}), '', 0)).toMatchObject({ total: TOTAL_CAP, totalIsExact: false });
    expect(index.find(query({ sort: 'price_asc', minPrice: 500 }), '', 0)).toEqual(
      expected(live, query({ sort: 'price_asc', minPrice: 500 }), ''),
    );
    // Another filter is counted by reading entries: past the budget, the search is given up.
    expect(index.find(query({ propertyType: 'house' }), '', 10)).toBeUndefined();
  });

  it('finds the newest of a price band whose listings are the oldest (prices that rose with time)', () => {
    const random = createRandom(262);
    const index = createSearchIndex();
    const live = new Map<string, IndexedListing>();
    const listings = Array.from({ length: 5000 }, (_, n) => ({
      ...randomListing(random, `id-${String(n).padStart(5, '0')}`),
      at: Date.UTC(2026, 0, 1) + n * 60_000,
      price: 100 + n,
    }));
    index.reset(listings);
    for (const l of listings) live.set(l.id, l);
    // Bands of the oldest, the middle and the newest listings, narrow and wide, with and without other filters:
    // the newest list is walked for the page, or the band's matches sorted when the walk would be long.
    for (const [minPrice, maxPrice] of [
      [100, 140],
      [100, 1600],
      [2000, 2100],
      [2500, 5099],
      [5000, 5099],
    ] as const)
      for (const filters of [
        {},
        { propertyType: 'house' as const },
        { bedrooms: 3, amenities: ['wifi' as const] },
        { maxAdvanceRent: 6 },
      ])
        for (const page of [1, 3, 90]) {
          const q = query({ minPrice, maxPrice, page, ...filters });
          expect(index.find(q, ''), JSON.stringify(q)).toEqual(expected(live, q, ''));
        }
  });

  it('finds nothing where no name starts the place, and nothing at all when empty', () => {
    const index = createSearchIndex();
    expect(index.find(query({}), '')).toEqual({ ids: [], total: 0, totalIsExact: true });
    index.put('a', { ...randomListing(createRandom(1), 'a'), names: ['', 'kumasi'] });
    expect(index.find(query({}), 'umasi')).toEqual({ ids: [], total: 0, totalIsExact: true });
    expect(index.find(query({}), 'kum')).toEqual({ ids: ['a'], total: 1, totalIsExact: true });
    index.put('a', undefined);
    expect(index.find(query({}), 'kum')).toEqual({ ids: [], total: 0, totalIsExact: true });
    expect(index.find(query({}), '')).toEqual({ ids: [], total: 0, totalIsExact: true });
  });
});
