import { describe, expect, it } from 'vitest';
import type { PropertyPage } from '../contract/properties.schema.ts';
import { registerUser } from '../../testing/accounts.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  const { user } = await registerUser(host, { firstName: 'Yaw', userType: 'owner' });
  const visitor = createClient(app);
  const search = async (query: string) => {
    const res = await visitor.request(`/api/properties/search${query}`);
    const body = (await res.json()) as PropertyPage;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  return { app, deps, ownerId: user.id, visitor, search };
}

describe('GET /api/properties/search', () => {
  it('filters by location text in city, address, country or location, any case', async () => {
    const { deps, ownerId, search } = await setup();
    await seedListing(deps.store, ownerId, { title: 'Accra flat', city: 'Accra', address: 'Osu', submittedAt: day(1) });
    await seedListing(deps.store, ownerId, {
      title: 'Legon room',
      city: 'East Legon',
      address: 'Near Accra Mall',
      submittedAt: day(2),
    });
    await seedListing(deps.store, ownerId, {
      title: 'Kingston house',
      city: 'Kingston',
      country: 'Jamaica',
      address: 'Hope Road',
      location: 'Kingston, Jamaica',
      submittedAt: day(3),
    });
    await seedListing(deps.store, ownerId, { title: 'Pending Accra', city: 'Accra' }, { live: false });
    expect((await search('?location=accra')).properties.map((p) => p.title)).toEqual(['Legon room', 'Accra flat']);
    expect((await search('?location=JAMAICA')).properties.map((p) => p.title)).toEqual(['Kingston house']);
    expect((await search('?location=hope%20road')).total).toBe(1);
    expect((await search('?location=100%25')).total).toBe(0);
    expect((await search('?location=')).total).toBe(3);
  });

  it('filters by type (either name), category, listing type, bedrooms and all amenities', async () => {
    const { deps, ownerId, search } = await setup();
    await seedListing(deps.store, ownerId, {
      title: 'A',
      propertyType: 'house',
      category: 'student',
      bedrooms: 3,
      amenities: ['wifi', 'pool', 'gym'],
    });
    await seedListing(deps.store, ownerId, {
      title: 'B',
      propertyType: 'house',
      listingType: 'sale',
      bedrooms: 1,
      amenities: ['wifi'],
    });
    await seedListing(deps.store, ownerId, {
      title: 'C',
      propertyType: 'studio',
      bedrooms: 0,
      amenities: ['wifi', 'pool'],
    });
    const titles = async (q: string) => (await search(q)).properties.map((p) => p.title).sort();
    expect(await titles('?propertyType=house')).toEqual(['A', 'B']);
    expect(await titles('?type=studio')).toEqual(['C']);
    expect(await titles('?category=student')).toEqual(['A']);
    expect(await titles('?listingType=sale')).toEqual(['B']);
    expect(await titles('?listingType=rent&propertyType=all')).toEqual(['A', 'C']);
    expect(await titles('?bedrooms=2')).toEqual(['A']);
    expect(await titles('?bedrooms=0')).toEqual(['A', 'B', 'C']);
    expect(await titles('?amenities=wifi,pool')).toEqual(['A', 'C']);
    expect(await titles('?amenities=wifi,pool,gym')).toEqual(['A']);
    expect(await titles('?guests=4')).toEqual(['A', 'B', 'C']);
    expect(await titles('?minPrice=&maxPrice=&bedrooms=&amenities=&timePeriod=&page=')).toEqual(['A', 'B', 'C']);
  });

  it('compares prices within one period when timePeriod is given', async () => {
    const { deps, ownerId, search } = await setup();
    await seedListing(deps.store, ownerId, { title: 'Monthly 1000', pricePerNight: 1000, pricingPeriod: 'month' });
    await seedListing(deps.store, ownerId, { title: 'Yearly 11400', pricePerNight: 11400, pricingPeriod: 'year' });
    await seedListing(deps.store, ownerId, { title: 'Weekly 300', pricePerNight: 300, pricingPeriod: 'week' });
    const titles = async (q: string) => (await search(q)).properties.map((p) => p.title).sort();
    // 11400 a year is 950 a month; 300 a week is 1300 a month.
    expect(await titles('?timePeriod=months&minPrice=900&maxPrice=1000')).toEqual(['Monthly 1000', 'Yearly 11400']);
    expect(await titles('?timePeriod=month&minPrice=1200')).toEqual(['Weekly 300']);
    expect(await titles('?timePeriod=years&maxPrice=12000')).toEqual(['Monthly 1000', 'Yearly 11400']);
    // 250 a week is about 1083 a month.
    expect(await titles('?timePeriod=weeks&maxPrice=250')).toEqual(['Monthly 1000', 'Yearly 11400']);
    // Without a period the bounds are a month's (ADR 170): 11400 a year is 950 a month, below 1000.
    expect(await titles('?minPrice=1000&maxPrice=12000')).toEqual(['Monthly 1000', 'Weekly 300']);
    expect((await search('?sort=price_asc&timePeriod=month')).properties.map((p) => p.title)).toEqual([
      'Yearly 11400',
      'Monthly 1000',
      'Weekly 300',
    ]);
    expect((await search('?sort=price_desc')).properties.map((p) => p.title)[0]).toBe('Weekly 300');
  });

  it("reads price bounds without a period as a month's, the period the search form shows (issue 28)", async () => {
    const { deps, ownerId, search } = await setup();
    // GH₵3,750 a week is about GH₵16,250 a month: not a home within GH₵5,000 a month.
    await seedListing(deps.store, ownerId, {
      title: 'Weekly 3750',
      country: 'Ghana',
      bedrooms: 2,
      pricePerNight: 3750,
      pricingPeriod: 'week',
    });
    await seedListing(deps.store, ownerId, {
      title: 'Monthly 4500',
      country: 'Ghana',
      bedrooms: 2,
      pricePerNight: 4500,
      pricingPeriod: 'month',
    });
    await seedListing(deps.store, ownerId, {
      title: 'Yearly 54000',
      country: 'Ghana',
      bedrooms: 3,
      pricePerNight: 54_000,
      pricingPeriod: 'year',
    });
    const titles = async (q: string) => (await search(q)).properties.map((p) => p.title).sort();
    const asShown = await titles('?location=Ghana&bedrooms=2&maxPrice=5000');
    expect(asShown).toEqual(['Monthly 4500', 'Yearly 54000']);
    expect(asShown).toEqual(await titles('?location=Ghana&bedrooms=2&maxPrice=5000&timePeriod=months'));
    expect(await titles('?minPrice=16000')).toEqual(['Weekly 3750']);
    expect((await search('?minPrice=4000&maxPrice=5000')).total).toBe(2);
  });

  it('pages without overlap or gaps, with the right total, newest first by default', async () => {
    const { deps, ownerId, search } = await setup();
    const ids: string[] = [];
    // Several share a timestamp: the id breaks ties so pages never overlap.
    for (let n = 0; n < 29; n++)
      ids.push(await seedListing(deps.store, ownerId, { title: `L${n}`, submittedAt: day(Math.floor(n / 3)) }));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await search(`?page=${page}`);
      expect(body).toMatchObject({ total: 29, page, pageSize: 12 });
      seen.push(...body.properties.map((p) => p.id));
    }
    expect(seen).toHaveLength(29);
    expect(new Set(seen).size).toBe(29);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect((await search('?page=4')).properties).toEqual([]);
    const big = await search('?limit=100');
    expect(big.properties).toHaveLength(29);
    expect(big.properties[0]!.title).toMatch(/^L2[678]$/);
    const six = await search('?limit=6&sort=price_asc');
    expect(six).toMatchObject({ pageSize: 6, total: 29 });
  });

  it.each([
    ['an unknown type', '?propertyType=castle', 'Property type must be one of apartment, house, studio, room'],
    ['an unknown amenity', '?amenities=wifi,helipad', 'Unknown amenity'],
    ['a negative price', '?minPrice=-5', 'minPrice must be a number of 0 or more'],
    ['an absurd price', '?maxPrice=1e99', 'maxPrice must be a number of 0 or more'],
    ['min above max', '?minPrice=10&maxPrice=5', 'minPrice must not be above maxPrice'],
    ['page 0', '?page=0', 'page must be at least 1'],
    ['a limit over 100', '?limit=101', 'limit must be at most 100'],
    ['an unknown sort', '?sort=random', 'sort must be one of newest, price_asc, price_desc'],
    ['an unknown period', '?timePeriod=decade', 'timePeriod must be week, month or year'],
    ['a 1 KB location', `?location=${'x'.repeat(1000)}`, 'Location must be at most 100 characters'],
  ])('refuses %s with 400', async (_name, query, message) => {
    const { visitor } = await setup();
    const res = await visitor.request(`/api/properties/search${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain(message);
  });

  it('includes owner contact only for signed-in callers', async () => {
    const { app, deps, ownerId, search } = await setup();
    await seedListing(deps.store, ownerId, { title: 'A' });
    expect((await search('')).properties[0]).not.toHaveProperty('ownerEmail');
    const renter = createClient(app);
    await registerUser(renter);
    const body = (await (await renter.request('/api/properties/search')).json()) as PropertyPage;
    expect(body.properties[0]).toHaveProperty('ownerEmail');
  });
});
