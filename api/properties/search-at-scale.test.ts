import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AMENITY_BITS, MONTHS_PER, SEARCH_CODES } from '../../events/listing/listing-search.ts';
import { normalisePlace, parseDigitalAddress } from '../../events/listing/places.policy.ts';
import { listingStreamId } from '../../events/listing/listing.events.ts';
import { readModels } from '../../events/read-models.ts';
import { createEventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { LOCATIONS } from '../contract/places.ts';
import {
  AMENITIES,
  CATEGORIES,
  LISTING_TYPES,
  PRICING_PERIODS,
  PROPERTY_TYPES,
  SearchQuerySchema,
  type SearchPage,
  type SearchQuery,
} from '../contract/properties.schema.ts';
import { createRandom } from '../../scripts/seed/photos.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { CHANGES_MAX_AGE_MS } from './search-cache.ts';
import { searchListings, TOTAL_CAP } from './search.read.ts';

const database = useMigratedDatabase();

type Listed = {
  id: string;
  city: string;
  region: string;
  address: string;
  country: string;
  location: string;
  digital_address: string;
  property_type: string;
  category: string;
  listing_type: string;
  price_per_night: number;
  pricing_period: string;
  bedrooms: number;
  amenities: string[];
  advance_rent_months: number | null;
  created_at: Date;
};

/** A period's length in twelfths of a week (a year is 52 weeks, a month a twelfth of it): whole numbers, so prices compare exactly. */
const TWELFTHS_OF_A_WEEK: Record<string, number> = { week: 12, month: 52, year: 624 };

/**
 * Whether price `a` per period `pa` is less than (-1), equal to (0) or more than (1) `b` per `pb`:
 * a / length(pa) against b / length(pb), cross-multiplied (the test's prices and bounds are whole).
 */
const comparePrices = (a: number, pa: string, b: number, pb: string) =>
  Math.sign(a * TWELFTHS_OF_A_WEEK[pb]! - b * TWELFTHS_OF_A_WEEK[pa]!);

/**
 * The contract's rule, written out on its own: a location matches where a word of a field begins it,
 * or where it begins the region's whole name; a GhanaPost GPS address matches that address only,
 * whatever zeros lead its area;
 * price bounds are per the search's period (a month when it names none) and inclusive, and a listing's
 * price per its own period is compared with them as the same rent over the same time.
 */
function oracle(listings: Listed[], q: SearchQuery): string[] {
  const place = normalisePlace(q.location ?? '');
  const gps = parseDigitalAddress(q.location ?? '');
  const sameAddress = (a: string, b: string) => a.replace(/-0+(?=\d)/, '-') === b.replace(/-0+(?=\d)/, '-');
  const period = q.timePeriod ?? 'month';
  const found = listings.filter((l) => {
    return (
      (gps !== null
        ? l.digital_address !== '' && sameAddress(l.digital_address, gps)
        : place === '' ||
          [l.city, l.address, l.country, l.location].some((f) => ` ${normalisePlace(f)}`.includes(` ${place}`)) ||
          normalisePlace(l.region).startsWith(place)) &&
      (!q.propertyType || l.property_type === q.propertyType) &&
      (!q.category || l.category === q.category) &&
      (!q.listingType || l.listing_type === q.listingType) &&
      (q.minPrice === undefined || comparePrices(l.price_per_night, l.pricing_period, q.minPrice, period) >= 0) &&
      (q.maxPrice === undefined || comparePrices(l.price_per_night, l.pricing_period, q.maxPrice, period) <= 0) &&
      (!q.bedrooms || l.bedrooms >= q.bedrooms) &&
      (q.amenities ?? []).every((a) => l.amenities.includes(a)) &&
      (q.maxAdvanceRent === undefined || (l.advance_rent_months !== null && l.advance_rent_months <= q.maxAdvanceRent))
    );
  });
  const byId = (a: Listed, b: Listed) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const dir = q.sort === 'price_asc' ? 1 : -1;
  found.sort((a, b) =>
    q.sort === 'newest'
      ? -(a.created_at.getTime() - b.created_at.getTime()) || -byId(a, b)
      : dir * comparePrices(a.price_per_night, a.pricing_period, b.price_per_night, b.pricing_period) ||
        dir * byId(a, b),
  );
  return found.map((l) => l.id);
}

const liveListings = () =>
  database().query<Listed>(`select id, city, region, address, country, location, digital_address, property_type, category, listing_type, price_per_night, pricing_period,
    bedrooms, amenities, advance_rent_months, created_at from properties where is_live`);

const TOWNS = [...LOCATIONS.Ghana.slice(0, 6), 'Kingston', 'Santo Domingo'] as const;
/** GhanaPost GPS addresses as typed: some of the listings' own (any zeros before the area), parts of one, none. */
const GPS_TYPED = ['GA-105-1005', 'ga 0107 1007', 'ga1111011', 'GA-113-1013', 'GA-105', '105-1005', 'GA-999-9999'];
const STREETS = ['Ring Road East', 'Oxford Street', 'Avenida España', 'Hope Road', 'Plot 5_6, 100% Lane'];

/** Search strings as people type them, for every filter, sort and page size. */
function searches(seed: number, count: number): string[] {
  const random = createRandom(seed);
  const typed = (town: string) =>
    random.pick([town, town.toUpperCase(), ` ${town.toLowerCase()} `, town.slice(0, 4), `${town}, Ghana`]);
  return Array.from({ length: count }, () => {
    const q = new URLSearchParams();
    if (random.chance(0.7))
      q.set(
        'location',
        random.chance(0.75)
          ? typed(random.pick(TOWNS))
          : random.chance(0.4)
            ? random.pick(GPS_TYPED)
            : random.pick([
                'espana',
                'ring road',
                'road',
                '100%',
                '5_',
                '%',
                'ghana',
                'e',
                'greater accra',
                'Ashanti',
                'west',
              ]),
      );
    if (random.chance(0.5)) q.set('propertyType', random.pick(PROPERTY_TYPES));
    if (random.chance(0.2)) q.set('category', random.pick(['general', 'student']));
    if (random.chance(0.4)) q.set('minPrice', String(random.int(100, 3000)));
    if (random.chance(0.4)) q.set('maxPrice', String(random.int(3000, 9000)));
    if (random.chance(0.2)) q.set('timePeriod', random.pick(['week', 'year', 'months']));
    if (random.chance(0.3)) q.set('bedrooms', String(random.int(0, 3)));
    if (random.chance(0.3)) q.set('amenities', random.subset(AMENITIES, 0.2).join(',') || 'wifi');
    if (random.chance(0.25)) q.set('maxAdvanceRent', String(random.pick([0, 6, 12, 24])));
    q.set('sort', random.pick(['newest', 'price_asc', 'price_desc']));
    q.set('limit', String(random.pick([3, 5, 12])));
    q.set('page', String(random.int(1, 3)));
    return `?${q.toString()}`;
  });
}

async function setup() {
  let now = Date.UTC(2026, 5, 1);
  const { app, deps } = await createTestApp(database(), { clock: () => new Date(now) });
  // Searches through the API are answered by the in-memory index from here on (the SQL is asked directly).
  expect(await deps.search.index.ready()).toBe(true);
  const host = createClient(app);
  const { user } = await registerUser(host, { firstName: 'Yaw', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin({ deps }, admin);
  const visitor = createClient(app);
  const random = createRandom(30);
  const listing = (n: number) => {
    const city = random.pick(TOWNS);
    const country = city === 'Kingston' ? 'Jamaica' : city === 'Santo Domingo' ? 'Dominican Republic' : 'Ghana';
    return {
      title: `L${n}`,
      city,
      country,
      location: `${city}, ${country}`,
      ...(country === 'Ghana' && n % 2 === 1 ? { digitalAddress: `GA-${100 + n}-${1000 + n}` } : {}),
      address: `${random.int(1, 40)} ${random.pick(STREETS)}`,
      propertyType: random.pick(PROPERTY_TYPES),
      category: random.pick(['general', 'student']),
      pricePerNight: random.int(2, 160) * 50,
      pricingPeriod: random.pick(['month', 'month', 'week', 'year']),
      bedrooms: random.int(0, 4),
      amenities: random.subset(AMENITIES, 0.3),
      submittedAt: new Date(Date.UTC(2026, 0, 1 + random.int(0, 60))).toISOString(),
      // Around the filter's bounds, and past the largest (the index holds any advance past it as one value).
      advanceRentMonths: random.pick([null, 0, 3, 6, 7, 12, 24, 25, 60]),
    };
  };
  const search = async (query: string) => {
    const res = await visitor.request(`/api/properties/search${query}`);
    const body = (await res.json()) as SearchPage;
    expect(res.status, `${query}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body;
  };
  return { app, deps, host, admin, ownerId: user.id, random, listing, search, advance: (ms: number) => (now += ms) };
}

describe('search at scale: the read model, capped totals and the caches', () => {
  it('answers as the contract says and as without the cache, through random listing changes', async () => {
    const { deps, host, admin, ownerId, random, listing, search, advance } = await setup();
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) ids.push(await seedListing(deps.store, ownerId, listing(n), { live: n % 8 !== 0 }));
    const queries = searches(7, 60);
    // Seeded straight to the log, as by another process: searches see it once the head read is CHANGES_MAX_AGE_MS old.
    advance(CHANGES_MAX_AGE_MS);
    const check = async () => {
      const listings = await liveListings();
      // The API's answers below come from the in-memory index, kept current change by change.
      expect(deps.search.index.current()).toBeDefined();
      for (const query of queries) {
        const q = v.parse(SearchQuerySchema, Object.fromEntries(new URLSearchParams(query.slice(1))));
        const cached = await search(query);
        const direct = await searchListings(deps.db, q);
        const expected = oracle(listings, q);
        const page = expected.slice((q.page - 1) * q.limit, q.page * q.limit);
        expect(
          cached.properties.map((p) => p.id),
          query,
        ).toEqual(page);
        expect(
          direct.rows.map((r) => r.id),
          query,
        ).toEqual(page);
        expect({ total: cached.total, exact: cached.totalIsExact }, query).toEqual({
          total: expected.length,
          exact: true,
        });
        expect({ total: direct.total, exact: direct.totalIsExact }, query).toEqual({
          total: expected.length,
          exact: true,
        });
      }
    };
    await check();
    const put = (client: typeof host, id: string, body: object) =>
      client.request(`/api/properties/${id}`, { method: 'PUT', json: body });
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 4; k++) {
        const id = random.pick(ids);
        const change = random.int(0, 5);
        // Through the API, as hosts and admins change listings: each shows in the very next search.
        const res =
          change === 0
            ? await put(host, id, { pricePerNight: random.int(2, 160) * 50 })
            : change === 1
              ? await put(host, id, { city: 'Tema', location: 'Tema, Ghana', country: 'Ghana' })
              : change === 2
                ? await put(host, id, {
                    propertyType: random.pick(PROPERTY_TYPES),
                    amenities: random.subset(AMENITIES, 0.4),
                    bedrooms: random.int(0, 4),
                    advanceRentMonths: random.pick([null, 1, 6, 18, 36]),
                  })
                : change === 3
                  ? await admin.request(`/api/admin/properties/${id}/visibility`, {
                      method: 'PATCH',
                      json: { isActive: random.chance(0.5) },
                    })
                  : change === 4
                    ? await admin.request(`/api/admin/properties/${id}/approve`, { method: 'POST' })
                    : await put(host, id, {
                        address: `${random.int(1, 9)} ${random.pick(STREETS)}`,
                        pricingPeriod: random.pick(['week', 'month', 'year']),
                      });
        expect([200, 404, 409], await res.clone().text()).toContain(res.status);
      }
      // And one made by another process, straight to the log: this one shows once the head read is CHANGES_MAX_AGE_MS old.
      ids.push(await seedListing(deps.store, ownerId, listing(100 + round)));
      advance(CHANGES_MAX_AGE_MS);
      await check();
    }
  }, 240_000);

  it('shows a person their own change at once, and leaves unaffected answers cached', async () => {
    const { deps, host, ownerId, listing, search, advance } = await setup();
    const kumasi = await seedListing(deps.store, ownerId, {
      ...listing(1),
      city: 'Kumasi',
      location: 'Kumasi, Ghana',
      address: '3 Harper Road',
      pricePerNight: 2000,
      pricingPeriod: 'month',
    });
    await seedListing(deps.store, ownerId, {
      ...listing(2),
      city: 'Accra',
      location: 'Accra, Ghana',
      address: '8 Oxford Street',
    });
    advance(CHANGES_MAX_AGE_MS);
    const band = '?location=kumasi&maxPrice=2500';
    expect((await search(band)).properties.map((p) => p.id)).toEqual([kumasi]);
    const accra = await search('?location=accra');
    // The clock does not move: only this process's own change can make the next answer differ.
    const res = await host.request(`/api/properties/${kumasi}`, { method: 'PUT', json: { pricePerNight: 4000 } });
    expect(res.status).toBe(200);
    expect(await search(band)).toMatchObject({ properties: [], total: 0, totalIsExact: true });
    expect((await search('?location=Kumasi&minPrice=3900')).properties.map((p) => p.pricePerNight)).toEqual([4000]);
    // A change in Kumasi cannot change Accra's answer: it is the very same answer, from the cache.
    await deps.db.query(`update properties set title = 'not read again' where city = 'Accra'`);
    expect(await search('?location=accra')).toEqual(accra);
  });

  it('finds a place however it is typed, matches % and _ as themselves, and ignores accents', async () => {
    const { deps, ownerId, listing, search, advance } = await setup();
    const kumasi = await seedListing(deps.store, ownerId, {
      ...listing(1),
      city: 'Kumasi',
      location: 'Kumasi, Ghana',
      address: 'Plot 5_6, 100% Lane',
      digitalAddress: 'AK-039-5028',
    });
    const legon = await seedListing(deps.store, ownerId, {
      ...listing(2),
      city: 'East Legon',
      location: 'East Legon, Ghana',
      address: 'Near Accra Mall',
      digitalAddress: 'GA-0183-8164',
    });
    const dr = await seedListing(deps.store, ownerId, {
      ...listing(3),
      city: 'Santo Domingo',
      country: 'Dominican Republic',
      location: 'Santo Domingo',
      address: '4 Avenida España',
    });
    advance(CHANGES_MAX_AGE_MS);
    const ids = async (location: string) =>
      (await search(`?location=${encodeURIComponent(location)}`)).properties.map((p) => p.id).sort();
    for (const typed of ['kumasi', 'Kumasi ', 'KUMASI', '  kumasi', 'Kumási', 'kuma', 'kumasi, ghana', 'KUMASI GHANA'])
      expect(await ids(typed), typed).toEqual([kumasi]);
    for (const typed of ['east legon', 'East  Legon', 'legon', 'accra mall', 'ACCRA'])
      expect(await ids(typed), typed).toEqual([legon]);
    expect(await ids('espana')).toEqual([dr]);
    expect(await ids('avenida españa')).toEqual([dr]);
    expect(await ids('100%')).toEqual([kumasi]);
    expect(await ids('5_6')).toEqual([kumasi]);
    expect(await ids('5%')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('umasi')).toEqual([]);
    expect(await ids('ghana')).toEqual([kumasi, legon].sort());
    expect(await ids(',')).toEqual([kumasi, legon, dr].sort());
    // A GhanaPost GPS address finds its listing only whole, from memory and from the database alike.
    const fromDatabase = async (location: string) =>
      (await searchListings(deps.db, v.parse(SearchQuerySchema, { location }))).rows.map((r) => r.id).sort();
    for (const [typed, found] of [
      ['AK-039-5028', [kumasi]],
      ['ak0395028', [kumasi]],
      ['GA-183-8164', [legon]],
      ['ga 0183 8164', [legon]],
      ['GA-183', []],
      ['183-8164', []],
      ['gps', []],
      [':gps:ga-183-8164', []],
    ] as const) {
      expect(await ids(typed), typed).toEqual(found);
      expect(await fromDatabase(typed), typed).toEqual(found);
    }
  });

  it('counts exactly up to the cap, then says so; later pages still page', async () => {
    const { deps, ownerId, search, advance } = await setup();
    // TOTAL_CAP + 5 live listings in Tamale and 3 in Wa, appended in one transaction, then the read
    // models rebuilt from the log (as the bulk seed does).
    const store = createEventStore(deps.db);
    await deps.db.transaction(async (tx) => {
      for (let n = 0; n < TOTAL_CAP + 8; n++) {
        const id = crypto.randomUUID();
        const city = n < 3 ? 'Wa' : 'Tamale';
        const details = {
          title: `T${n}`,
          description: 'A place',
          propertyType: n % 2 ? 'room' : 'house',
          category: 'general',
          listingType: 'rent',
          address: 'Main Street',
          city,
          country: 'Ghana',
          location: `${city}, Ghana`,
          pricePerNight: 100 + n,
          currency: 'GH₵',
          pricingPeriod: 'month',
          bedrooms: 1,
          bathrooms: 1,
          amenities: [],
        };
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
        await store.appendIn(
          tx,
          listingStreamId(id),
          'no_stream',
          [
            { type: 'PropertySubmitted', data: { propertyId: id, ownerId, details, images: [], submittedAt: at } },
            { type: 'PropertyApproved', data: { propertyId: id, approvedBy: ownerId, approvedAt: at } },
          ],
          { actorId: 'seed' },
        );
      }
    });
    await createProjectionSet(readModels).rebuild(deps.db);
    // The rebuild's "anything may have changed" reaches this process once the head read is CHANGES_MAX_AGE_MS old;
    // the index loads again from the rebuilt model.
    advance(CHANGES_MAX_AGE_MS);
    expect(await search('?location=wa')).toMatchObject({ total: 3, totalIsExact: true });
    // Rooms are the odd ones of Tamale's 3 to 1,007.
    expect(await search('?location=tamale&propertyType=room')).toMatchObject({ total: 503, totalIsExact: true });
    expect(await search('?location=tamale')).toMatchObject({ total: TOTAL_CAP, totalIsExact: false });
    expect(await search('?minPrice=100')).toMatchObject({ total: TOTAL_CAP, totalIsExact: false });
    // Exact again where fewer match: the last 6 by price.
    expect(await search(`?minPrice=${100 + TOTAL_CAP + 2}`)).toMatchObject({ total: 6, totalIsExact: true });
    // Page 84 of 12 (listings 997 to 1,008): past the cap, counted one past the page.
    const last = await search('?page=84&sort=price_asc');
    expect(last.properties.map((p) => p.title)).toEqual([
      'T996',
      'T997',
      'T998',
      'T999',
      'T1000',
      'T1001',
      'T1002',
      'T1003',
      'T1004',
      'T1005',
      'T1006',
      'T1007',
    ]);
    expect(last).toMatchObject({ total: TOTAL_CAP + 8, totalIsExact: true });
    expect(await search('?page=83&sort=price_asc&limit=12')).toMatchObject({ total: TOTAL_CAP, totalIsExact: false });
    expect(await search('?page=85')).toMatchObject({ properties: [], total: TOTAL_CAP + 8, totalIsExact: true });
  }, 240_000);

  it('keeps the amenities’ bits and the search codes in the contract’s order, and a month’s worth for each of its pricing periods', () => {
    expect([...AMENITY_BITS]).toEqual([...AMENITIES]);
    expect(Object.keys(MONTHS_PER).sort()).toEqual([...PRICING_PERIODS].sort());
    expect(SEARCH_CODES).toEqual({
      propertyType: [...PROPERTY_TYPES],
      category: [...CATEGORIES],
      listingType: [...LISTING_TYPES],
    });
  });
});
