import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { approveListing, createListing, listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { Property, SearchPage } from '../contract/properties.schema.ts';

// Advance rent (issue 33, docs/decisions/320): what a host asks up front, the Rent Act's notice
// above six months for a Ghanaian rental, and the renters' "at most N months up front" filter.

const database = useMigratedDatabase();

async function setup() {
  const { app, deps } = await createTestApp(database());
  const host = createClient(app);
  await registerUser(host, { firstName: 'Kojo', userType: 'owner' });
  const admin = createClient(app);
  await createAdmin(deps, admin);
  const visitor = createClient(app);
  return { host, admin, visitor };
}

const eventCount = async () => (await database().query<{ n: number }>('select count(*)::int8 as n from events'))[0]!.n;

describe('advance rent on a listing', () => {
  it('keeps the months a host asks, answers the Rent Act flag above six for a Ghanaian rental, and "not said" as null', async () => {
    const { host, admin, visitor } = await setup();
    const yearly = await createListing(host, { advanceRentMonths: 24 });
    expect(yearly).toMatchObject({ advanceRentMonths: 24, exceedsRentActAdvance: true });
    const lawful = await createListing(host, { advanceRentMonths: '6' as never });
    expect(lawful).toMatchObject({ advanceRentMonths: 6, exceedsRentActAdvance: false });
    const silent = await createListing(host, {});
    expect(silent).toMatchObject({ advanceRentMonths: null, exceedsRentActAdvance: false });
    const abroad = await createListing(host, { city: 'Kingston', country: 'Jamaica', advanceRentMonths: 12 });
    expect(abroad).toMatchObject({ advanceRentMonths: 12, exceedsRentActAdvance: false });
    // Anyone who may see the listing sees both: it is part of the offer, not a contact detail.
    await approveListing(admin, yearly.id);
    const seen = (await (await visitor.request(`/api/properties/${yearly.id}`)).json()) as Property;
    expect(seen).toMatchObject({ advanceRentMonths: 24, exceedsRentActAdvance: true });
    const card = ((await (await visitor.request('/api/properties/search')).json()) as SearchPage).properties[0];
    expect(card).toMatchObject({ id: yearly.id, advanceRentMonths: 24, exceedsRentActAdvance: true });
  });

  it.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['more than five years', 61],
    ['words', 'a year'],
    ['a list', [12]],
  ])('refuses %s with a 400 on advanceRentMonths, and writes nothing', async (_, advanceRentMonths) => {
    const { host } = await setup();
    const before = await eventCount();
    const res = await host.request('/api/properties', {
      method: 'POST',
      json: { ...listingBody(), advanceRentMonths },
    });
    const body = await expectError(res, 400, 'invalid_input');
    expect(body.error).toBe('Advance rent must be a whole number of months from 0 to 60');
    expect(body.issues?.[0]?.path).toBe('advanceRentMonths');
    expect(await eventCount()).toBe(before);
  });

  it('refuses advance rent on a sale, and clears it when a rental becomes a sale', async () => {
    const { host } = await setup();
    const before = await eventCount();
    const sale = await host.request('/api/properties', {
      method: 'POST',
      json: listingBody({ listingType: 'sale', advanceRentMonths: 12 }),
    });
    const body = await expectError(sale, 400, 'invalid_input');
    expect(body.error).toContain('Only a listing for rent asks rent up front');
    expect(body.issues?.[0]?.path).toBe('advanceRentMonths');
    expect(await eventCount()).toBe(before);
    expect((await createListing(host, { listingType: 'sale', advanceRentMonths: null })).advanceRentMonths).toBeNull();

    const p = await createListing(host, { advanceRentMonths: 12 });
    const put = async (json: object, status = 200) => {
      const res = await host.request(`/api/properties/${p.id}`, { method: 'PUT', json });
      expect(res.status, await res.clone().text()).toBe(status);
      return (await res.json()) as Property;
    };
    expect(await put({ advanceRentMonths: 3 })).toMatchObject({ advanceRentMonths: 3, exceedsRentActAdvance: false });
    expect(await put({ advanceRentMonths: 36 })).toMatchObject({ advanceRentMonths: 36, exceedsRentActAdvance: true });
    expect(await put({ advanceRentMonths: '' })).toMatchObject({ advanceRentMonths: null });
    expect(await put({ advanceRentMonths: 12 })).toMatchObject({ advanceRentMonths: 12 });
    expect((await put({ listingType: 'sale', advanceRentMonths: 12 }, 400)) as unknown).toMatchObject({
      issues: [{ path: 'advanceRentMonths' }],
    });
    expect(await put({ listingType: 'sale' })).toMatchObject({ listingType: 'sale', advanceRentMonths: null });
  });
});

describe('GET /api/properties/search?maxAdvanceRent=', () => {
  it('finds only listings that say they ask at most that many months, in memory and in the database alike', async () => {
    const { host, admin, visitor } = await setup();
    const ids: Record<string, string> = {};
    for (const [name, advanceRentMonths] of [
      ['none', 0],
      ['three', 3],
      ['six', 6],
      ['seven', 7],
      ['two years', 24],
      ['five years', 60],
      ['not said', null],
    ] as const) {
      const p = await createListing(host, { title: name, advanceRentMonths });
      await approveListing(admin, p.id);
      ids[name] = p.id;
    }
    const found = async (query: string) => {
      const res = await visitor.request(`/api/properties/search?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      const page = (await res.json()) as SearchPage;
      return new Set(page.properties.map((p) => p.title));
    };
    expect(await found('maxAdvanceRent=6')).toEqual(new Set(['none', 'three', 'six']));
    expect(await found('maxAdvanceRent=6&location=accra&sort=price_asc')).toEqual(new Set(['none', 'three', 'six']));
    expect(await found('maxAdvanceRent=0')).toEqual(new Set(['none']));
    expect(await found('maxAdvanceRent=24')).toEqual(new Set(['none', 'three', 'six', 'seven', 'two years']));
    expect(await found('maxAdvanceRent=')).toHaveProperty('size', 7);
    expect((await found('')).size).toBe(7);

    // An edit moves a listing in and out of the filter's answer (the answer caches follow it).
    const res = await host.request(`/api/properties/${ids['two years']}`, {
      method: 'PUT',
      json: { advanceRentMonths: 5 },
    });
    expect(res.status).toBe(200);
    expect(await found('maxAdvanceRent=6')).toEqual(new Set(['none', 'three', 'six', 'two years']));
  });

  it.each([
    ['maxAdvanceRent=25', 'maxAdvanceRent must be at most 24'],
    ['maxAdvanceRent=-1', 'maxAdvanceRent must be a whole number'],
    ['maxAdvanceRent=six', 'maxAdvanceRent must be a whole number'],
  ])('refuses %s with a 400', async (query, message) => {
    const { visitor } = await setup();
    const body = await expectError(await visitor.request(`/api/properties/search?${query}`), 400, 'invalid_input');
    expect(body.error).toBe(message);
  });
});

describe('migration 0752', () => {
  it('carries the advance in every index of listing_search, so a filtered search reads the index alone', async () => {
    const indexes = await database().query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes
       where tablename = 'listing_search' and indexname <> 'listing_search_pkey' order by indexname`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'listing_search_newest',
      'listing_search_price',
      'listing_search_type_newest',
      'listing_search_type_price',
    ]);
    for (const { name, def } of indexes) expect(def, name).toMatch(/INCLUDE \(.*advance_rent_months\)/);
  });
});
