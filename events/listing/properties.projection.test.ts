import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../api/testing/use-test-database.ts';
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
  title: 'Flat', description: 'Nice', propertyType: 'apartment', category: 'general', listingType: 'rent',
  address: 'Ring Road', city: 'Accra', country: 'Ghana', location: 'Accra, Ghana', pricePerNight: 1200,
  currency: 'GH₵', pricingPeriod: 'year', bedrooms: 2, bathrooms: 1, amenities: ['wifi', 'pool'],
};
const submitted = (propertyId: string): ListingEvent => ({
  type: 'PropertySubmitted', data: { propertyId, ownerId, details, images: ['/files/images/x-1200.webp'], submittedAt: at },
});
const approved = (propertyId: string): ListingEvent => ({ type: 'PropertyApproved', data: { propertyId, approvedBy: adminId, approvedAt: at } });

async function rows() {
  return database().query<Record<string, unknown>>(
    `select id, title, price, monthly_price, is_verified, is_active, is_live, is_featured, featured_order, deleted, images, amenities, version, search_text
     from properties order by id`,
  );
}

describe('properties projection', () => {
  it('turns a listing history into one row with the live flag, monthly price and search text', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    const id = idOf(1);
    await store.append(listingStreamId(id), 'no_stream', [submitted(id)]);
    expect(await rows()).toMatchObject([{ id, is_verified: false, is_active: true, is_live: false, version: 1, monthly_price: 100 }]);
    await store.append(listingStreamId(id), 1, [
      approved(id),
      { type: 'PropertyEdited', data: { propertyId: id, changes: { title: 'Big flat', pricePerNight: 2400 }, editedBy: ownerId, editedAt: at } },
      { type: 'PropertyFeatured', data: { propertyId: id, featuredOrder: 2, featuredBy: adminId, featuredAt: at } },
    ]);
    expect(await rows()).toEqual([
      expect.objectContaining({
        title: 'Big flat', price: 2400, monthly_price: 200, is_live: true, is_featured: true, featured_order: 2, version: 4,
        amenities: ['wifi', 'pool'], search_text: 'accra ring road ghana accra, ghana',
      }),
    ]);
    await store.append(listingStreamId(id), 4, [
      { type: 'PropertyHidden', data: { propertyId: id, hiddenBy: adminId, hiddenAt: at } },
      { type: 'PropertyDeletedPermanently', data: { propertyId: id, images: [], deletedBy: adminId, deletedAt: at } },
    ]);
    expect(await rows()).toMatchObject([{ deleted: true, is_live: false, is_featured: false, images: [], version: 6 }]);
  });

  it('leaves the same rows when events are applied twice, and a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    for (let n = 1; n <= 30; n++) {
      const id = idOf(n);
      const events = [submitted(id)];
      if (n % 2 === 0) events.push(approved(id));
      if (n % 3 === 0) events.push({ type: 'PropertyDeletedByOwner', data: { propertyId: id, deletedBy: ownerId, deletedAt: at } });
      await store.append(listingStreamId(id), 'no_stream', events);
    }
    const before = await rows();
    // Straight from the streams: the global log's readable end is the cluster-wide horizon, which this test need not wait for.
    const all = (await Promise.all(Array.from({ length: 30 }, (_, i) => store.readStream(listingStreamId(idOf(i + 1)))))).flat();
    expect(all).toHaveLength(55);
    await database().transaction((tx) => propertiesProjection.apply(tx, all));
    await database().transaction((tx) => propertiesProjection.apply(tx, all.slice(5, 20)));
    expect(await rows()).toEqual(before);
    // Rows lost and rows gone wrong: the rebuild must write them all again from the log.
    await database().query(`delete from properties where is_live`);
    await database().query(`update properties set title = 'corrupted', version = version + 100`);
    expect(await rows()).toHaveLength(20);
    await projections.rebuild(database(), { batchSize: 7 });
    expect(await rows()).toEqual(before);
    expect(before.filter((r) => r.is_live)).toHaveLength(10);
  });
});
