import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../offline/outbox-item.schema.ts';
import { outboxKindOf, targetOf, upgradeItem } from '../../offline/outbox-registry.ts';
import { createListingKind } from './create-listing.outbox.ts';
import { editListingKind } from './edit-listing.outbox.ts';
import { registerListingOutbox } from './listing-outbox.ts';

describe('the listing kinds of outbox item', () => {
  const newListing = {
    id: 'b',
    kind: 'create-listing',
    ownerId: 'ama',
    createdAt: 1,
    label: 'New',
    status: 'failed',
    attempts: 1,
    nextAttemptAt: 1,
    draftId: 'd',
    body: { title: 't' },
    uploaded: ['/files/1.jpg', null],
  };
  const edit = {
    id: 'e',
    kind: 'edit-listing',
    ownerId: 'ama',
    createdAt: 1,
    label: 'Changes',
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    propertyId: 'p',
    body: { title: 'x' },
    baseVersion: 6,
  };
  // Read once before the feature registers its kinds, then registered for every test: each test stands alone.
  let beforeRegistering: OutboxItem | undefined;
  beforeAll(() => {
    beforeRegistering = upgradeItem(newListing);
    registerListingOutbox();
  });

  it('are unknown to the engine until the feature registers them', () => {
    expect(beforeRegistering).toMatchObject({ kind: 'unknown', storedKind: 'create-listing' });
    expect(outboxKindOf('create-listing')).toBe(createListingKind);
    expect(outboxKindOf('edit-listing')).toBe(editListingKind);
  });
  it('keeps a version 1 listing with its uploaded photo URLs by position', () => {
    expect(upgradeItem(newListing)).toMatchObject({
      kind: 'create-listing',
      uploaded: ['/files/1.jpg', null],
      status: 'failed',
    });
  });
  it('keeps fields a newer version added to an edit', () => {
    expect(upgradeItem(edit)).toMatchObject({ kind: 'edit-listing', baseVersion: 6 });
  });
  it('has the listing as an edit’s target and the draft as a new listing’s', () => {
    expect(targetOf(upgradeItem(edit)!)).toBe('listing:p');
    expect(targetOf(upgradeItem(newListing)!)).toBe('draft:d');
  });
});
