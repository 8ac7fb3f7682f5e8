import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { ListingEvent } from './listing.decider.ts';
import { listingStreamId, type ListingDetails } from './listing.events.ts';
import { propertiesProjection } from './properties.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([propertiesProjection]);

const at = '2026-11-01T10:00:00.000Z';
const ownerId = '00000000-0000-4000-8000-000000000001';
const adminId = '00000000-0000-4000-8000-0000000000aa';
const idOf = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const details: ListingDetails = {
  title: 'Flat',
  description: 'Nice',
  propertyType: 'apartment',
  category: 'general',
  listingType: 'rent',
  address: 'Ring Road',
  city: 'Accra',
  region: 'Greater Accra',
  country: 'Ghana',
  location: 'Accra, Ghana',
  digitalAddress: '',
  advanceRentMonths: null,
  pricePerNight: 1200,
  currency: 'GH₵',
  pricingPeriod: 'year',
  bedrooms: 2,
  bathrooms: 1,
  amenities: ['wifi', 'pool'],
};
const submitted = (propertyId: string): ListingEvent => ({
  type: 'PropertySubmitted',
  data: { propertyId, ownerId, details, images: ['/files/images/x-1200.webp'], submittedAt: at },
});
const approved = (propertyId: string): ListingEvent => ({
  type: 'PropertyApproved',
  data: { propertyId, approvedBy: adminId, approvedAt: at },
});

/** listing_search as names, not ids: a rebuild gives place names new ids. */
const searchRows = () =>
  database().query(`select s.listing_id, p.name, s.created_at, s.monthly_equivalent, s.property_type, s.category, s.listing_type, s.bedrooms, s.amenities
    from listing_search s join search_places p on p.id = s.place_id order by s.listing_id, p.name`);

async function rows() {
  return database().query<Record<string, unknown>>(
    `select id, title, price_per_night, is_verified, is_active, is_live, is_featured, featured_order, deleted, images, amenities, version, search_text
     from properties order by id`,
  );
}

describe('properties projection', () => {
  it('turns a listing history into one row with the live flag and search text, and searches its price by the month', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const id = idOf(1);
    await store.append(listingStreamId(id), 'no_stream', [submitted(id)]);
    expect(await rows()).toMatchObject([{ id, is_verified: false, is_active: true, is_live: false, version: 1 }]);
    await store.append(listingStreamId(id), 1, [
      approved(id),
      {
        type: 'PropertyEdited',
        data: { propertyId: id, changes: { title: 'Big flat', pricePerNight: 2400 }, editedBy: ownerId, editedAt: at },
      },
      { type: 'PropertyFeatured', data: { propertyId: id, featuredOrder: 2, featuredBy: adminId, featuredAt: at } },
    ]);
    expect(await rows()).toEqual([
      expect.objectContaining({
        title: 'Big flat',
        price_per_night: 2400,
        is_live: true,
        is_featured: true,
        featured_order: 2,
        version: 4,
        amenities: ['wifi', 'pool'],
        search_text: 'accra ring road ghana accra, ghana greater accra',
      }),
    ]);
    // The edited yearly price, 2,400, is searched as 200 a month.
    expect(new Set((await searchRows()).map((r) => r.monthly_equivalent))).toEqual(new Set([200]));
    await store.append(listingStreamId(id), 4, [
      { type: 'PropertyHidden', data: { propertyId: id, hiddenBy: adminId, hiddenAt: at } },
      { type: 'PropertyDeletedPermanently', data: { propertyId: id, images: [], deletedBy: adminId, deletedAt: at } },
    ]);
    expect(await rows()).toMatchObject([{ deleted: true, is_live: false, is_featured: false, images: [], version: 6 }]);
    expect(await searchRows()).toEqual([]);
  });

  it("keeps one search row per place name of each live listing, in the listing's own transaction", async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const id = idOf(1);
    await store.append(listingStreamId(id), 'no_stream', [submitted(id)]);
    expect(await searchRows()).toEqual([]);
    await store.append(listingStreamId(id), 1, [approved(id)]);
    // "accra" starts "accra ghana", so only the longer name is kept; '' is "anywhere"; the region is whole.
    expect((await searchRows()).map((r) => r.name)).toEqual([
      '',
      'accra ghana',
      'ghana',
      'greater accra',
      'ring road',
      'road',
    ]);
    expect((await searchRows())[0]).toMatchObject({
      monthly_equivalent: 100,
      property_type: 0,
      category: 0,
      listing_type: 0,
      bedrooms: 2,
      amenities: 0b1001,
    });
    await store.append(listingStreamId(id), 2, [
      {
        type: 'PropertyEdited',
        data: {
          propertyId: id,
          changes: { city: 'Kumasi', location: 'Kumasi', address: '5 Harper Road' },
          editedBy: ownerId,
          editedAt: at,
        },
      },
    ]);
    // A version 1 edit (no region in it) gets the region of its town from the upcaster.
    expect((await searchRows()).map((r) => r.name)).toEqual([
      '',
      '5 harper road',
      'ashanti',
      'ghana',
      'harper road',
      'kumasi',
      'road',
    ]);
    await store.append(listingStreamId(id), 3, [
      { type: 'PropertyHidden', data: { propertyId: id, hiddenBy: adminId, hiddenAt: at } },
    ]);
    expect(await searchRows()).toEqual([]);
    // Each change logged what it did to search: the live states before and after, for the caches.
    const log = await database().query<{ states: { names: string[] }[] }>(
      'select states from search_changes order by seq',
    );
    // The submission (not live before or after) is in no answer: it logged nothing.
    expect(log.map((c) => c.states.map((s) => s.names.filter((n) => n.startsWith('k') || n.startsWith('a'))))).toEqual([
      [['accra ghana']],
      [['accra ghana'], ['kumasi', 'ashanti']],
      [['kumasi', 'ashanti']],
    ]);
  });

  it('rewrites no search row for a change search does not read, and logs no change for a listing no search shows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const live = idOf(1);
    const pending = idOf(2);
    await store.append(listingStreamId(live), 'no_stream', [submitted(live), approved(live)]);
    await store.append(listingStreamId(pending), 'no_stream', [submitted(pending)]);
    // xmin: the transaction that wrote the row version, so a row deleted and inserted again shows.
    const written = () =>
      database().query<{ xmin: string }>(
        'select listing_id, place_id, xmin::text as xmin from listing_search order by listing_id, place_id',
      );
    const logged = () => database().query<{ states: unknown }>('select states from search_changes order by seq');
    const edit = (propertyId: string, changes: Partial<ListingDetails>): ListingEvent => ({
      type: 'PropertyEdited',
      data: { propertyId, changes, editedBy: ownerId, editedAt: at },
    });
    const rowsBefore = await written();
    const logBefore = await logged();
    expect(rowsBefore.length).toBeGreaterThan(0);

    // A new title and photos: the same search rows; cached answers show the title, so the change is logged.
    await store.append(listingStreamId(live), 2, [edit(live, { title: 'Renamed flat', description: 'Nicer' })]);
    await store.append(listingStreamId(live), 3, [
      {
        type: 'PropertyImagesChanged',
        data: {
          propertyId: live,
          images: [],
          removed: ['/files/images/x-1200.webp'],
          changedBy: ownerId,
          changedAt: at,
        },
      },
    ]);
    expect(await written()).toEqual(rowsBefore);
    expect(await logged()).toHaveLength(logBefore.length + 2);

    // A pending listing's new title: no row, no answer, nothing logged.
    await store.append(listingStreamId(pending), 1, [edit(pending, { title: 'Renamed draft', bedrooms: 5 })]);
    expect(await logged()).toHaveLength(logBefore.length + 2);

    // What search reads (the bedrooms) changed: the rows are written again.
    await store.append(listingStreamId(live), 4, [edit(live, { bedrooms: 3 })]);
    const after = await written();
    expect(after).toHaveLength(rowsBefore.length);
    expect(after.every((row, i) => row.xmin !== rowsBefore[i]!.xmin)).toBe(true);
    expect(await logged()).toHaveLength(logBefore.length + 3);
  });

  it('leaves the same rows when events are applied twice, and a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    for (let n = 1; n <= 30; n++) {
      const id = idOf(n);
      const events = [submitted(id)];
      if (n % 2 === 0) events.push(approved(id));
      if (n % 3 === 0)
        events.push({ type: 'PropertyDeletedByOwner', data: { propertyId: id, deletedBy: ownerId, deletedAt: at } });
      await store.append(listingStreamId(id), 'no_stream', events);
    }
    const before = await rows();
    const searchBefore = await searchRows();
    expect(searchBefore).toHaveLength(10 * 6);
    // Straight from the streams: the global log's readable end is the cluster-wide horizon, which this test need not wait for.
    const all = (
      await Promise.all(Array.from({ length: 30 }, (_, i) => store.readStream(listingStreamId(idOf(i + 1)))))
    ).flat();
    expect(all).toHaveLength(55);
    await database().transaction((tx) => propertiesProjection.apply(tx, all));
    await database().transaction((tx) => propertiesProjection.apply(tx, all.slice(5, 20)));
    expect(await rows()).toEqual(before);
    expect(await searchRows()).toEqual(searchBefore);
    // Rows lost and rows gone wrong: the rebuild must write them all again from the log.
    await database().query(`delete from properties where is_live`);
    await database().query(`delete from listing_search where bedrooms = 2`);
    await database().query(`update properties set title = 'corrupted', version = version + 100`);
    expect(await rows()).toHaveLength(20);
    await projections.rebuild(database(), { batchSize: 7 });
    expect(await rows()).toEqual(before);
    expect(await searchRows()).toEqual(searchBefore);
    // The rebuild put back the indexes it set aside while it wrote.
    const indexes = await database().query<{ name: string }>(
      `select indexname as name from pg_indexes where tablename = 'listing_search' order by 1`,
    );
    expect(indexes.map((i) => i.name)).toEqual([
      'listing_search_newest',
      'listing_search_pkey',
      'listing_search_price',
      'listing_search_type_newest',
      'listing_search_type_price',
    ]);
    expect(before.filter((r) => r.is_live)).toHaveLength(10);
  });
});
