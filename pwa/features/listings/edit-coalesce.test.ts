import { describe, expect, it } from 'vitest';
import { planEditQueue, type NewEdit } from './edit-coalesce.ts';
import type { ListingValues } from './listing-edit-diff.ts';
import type { OutboxItem } from '../../offline/outbox-store.ts';
import type { EditListingItem } from './listing-outbox-items.ts';

const seen = { title: 'Flat', pricePerNight: 2200 } as ListingValues;
const edit = (fields: Partial<NewEdit> = {}): NewEdit => ({
  id: 'key-2',
  ownerId: 'ama',
  propertyId: 'p1',
  label: 'Changes to Two',
  body: { title: 'Two', expectedVersion: 6 },
  baseValues: { ...seen, title: 'One' },
  alreadySent: false,
  ...fields,
});
const queued = (fields: Partial<EditListingItem> = {}): EditListingItem => ({
  kind: 'edit-listing',
  id: 'key-1',
  ownerId: 'ama',
  propertyId: 'p1',
  label: 'Changes to One',
  body: { title: 'One', pricePerNight: 2500, expectedVersion: 5 },
  baseValues: seen,
  createdAt: 100,
  status: 'waiting',
  attempts: 2,
  nextAttemptAt: 200,
  revision: 0,
  faults: 0,
  ...fields,
});

describe('planEditQueue', () => {
  it('queues an edit of a listing with nothing waiting as a new item under the submission key', () => {
    expect(planEditQueue([], edit(), 1000)).toEqual({
      put: expect.objectContaining({
        id: 'key-2',
        body: { title: 'Two', expectedVersion: 6 },
        status: 'waiting',
        attempts: 0,
        createdAt: 1000,
      }),
      remove: [],
    });
  });

  it('merges a second save into the waiting one: latest values, the version first seen, one item', () => {
    const plan = planEditQueue([queued()], edit(), 1000);
    expect(plan.remove).toEqual(['key-1']);
    expect(plan.put).toMatchObject({
      id: 'key-2',
      createdAt: 100,
      attempts: 0,
      status: 'waiting',
      body: { title: 'Two', pricePerNight: 2500, expectedVersion: 5 },
      baseValues: seen,
    });
  });

  it("never merges into a refused item, another person's, another listing's, or a favourite", () => {
    const items: OutboxItem[] = [
      queued({ id: 'failed', status: 'failed' }),
      queued({ id: 'theirs', ownerId: 'kofi' }),
      queued({ id: 'other', propertyId: 'p2' }),
      // Another kind about the same listing (a favourite, as the favourites feature stores it).
      {
        kind: 'favorite',
        id: 'fav',
        ownerId: 'ama',
        propertyId: 'p1',
        favorite: true,
        label: '',
        createdAt: 1,
        status: 'waiting',
        attempts: 0,
        nextAttemptAt: 1,
        revision: 0,
        faults: 0,
      } as OutboxItem,
    ];
    expect(planEditQueue(items, edit(), 1000)).toEqual({
      put: expect.objectContaining({ id: 'key-2', body: { title: 'Two', expectedVersion: 6 } }),
      remove: [],
    });
  });

  it('queues an online save whose answer was lost exactly as it was sent, so the server can replay it', () => {
    const plan = planEditQueue([queued()], edit({ alreadySent: true }), 1000);
    expect(plan).toEqual({
      put: expect.objectContaining({ id: 'key-2', body: { title: 'Two', expectedVersion: 6 } }),
      remove: [],
    });
  });

  it('replaces the refused item the person reopened and saved again', () => {
    const plan = planEditQueue([queued({ id: 'refused', status: 'failed' })], edit({ supersedes: 'refused' }), 1000);
    expect(plan.remove).toEqual(['refused']);
    expect(plan.put.id).toBe('key-2');
  });
});

describe('rebasing a new edit on a newer copy', () => {
  const values = (fields: Partial<ListingValues>) =>
    ({ ...seen, amenities: [], images: [], isActive: true, ...fields }) as unknown as ListingValues;
  // The form was filled from this device's copy showing the earlier queued edit ("One", still version 6);
  // that edit was being sent while the person saved again, and arrived as version 7.
  const second = (latest: Partial<ListingValues>, baseValues = values({ title: 'One' })) =>
    planEditQueue([], edit({ body: { title: 'Two', pricePerNight: 2500, expectedVersion: 6 }, baseValues }), 1000, {
      latest: { version: 7, values: values(latest) },
    }).put;

  it('moves onto the newer version when nothing there differs from what the edit was based on', () => {
    expect(second({ title: 'One' })).toMatchObject({
      body: { title: 'Two', expectedVersion: 7 },
      baseValues: { title: 'One' },
    });
  });

  it('moves onto the newer version when what changed there is what this edit wants too', () => {
    expect(second({ title: 'Two' }, values({ title: 'Flat' })).body.expectedVersion).toBe(7);
  });

  it('keeps the old version when the newer copy holds a change this edit does not make, so the server refuses and the person sees it', () => {
    expect(second({ title: 'One', isActive: false }).body.expectedVersion).toBe(6);
    expect(second({ title: 'Someone else' }).body.expectedVersion).toBe(6);
  });

  it("moves onto the newer version when what changed there is exactly the person's earlier edit, sent while they saved again", () => {
    const put = planEditQueue(
      [],
      edit({
        body: { title: 'Two', pricePerNight: 2200, isActive: true, expectedVersion: 6 },
        baseValues: values({ title: 'Flat' }),
      }),
      1000,
      {
        latest: { version: 7, values: values({ title: 'One', pricePerNight: 2500 }) },
        earlier: { title: 'One', pricePerNight: 2500, expectedVersion: 6 },
      },
    ).put;
    // The price the form still showed from before is not sent: it would undo the earlier edit.
    expect(put.body).toEqual({ title: 'Two', expectedVersion: 7 });
  });

  it('never rebases a request that already left the phone', () => {
    const sent = planEditQueue([], edit({ alreadySent: true }), 1000, {
      latest: { version: 9, values: values({ title: 'One' }) },
    });
    expect(sent.put.body.expectedVersion).toBe(6);
  });
});
