import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SCHEMA_VERSION, toStored, type OutboxItem } from '../../offline/outbox-item.schema.ts';
import { outboxKindOf, targetOf, upgradeItem } from '../../offline/outbox-registry.ts';
import { favoriteKind, registerFavoriteOutbox } from './favorite.outbox.ts';

describe('the favourite kind of outbox item', () => {
  const old = {
    id: 'a',
    kind: 'favorite',
    createdAt: 1,
    label: 'Save: flat',
    status: 'waiting',
    attempts: 2,
    nextAttemptAt: 5,
    propertyId: 'p',
    favorite: true,
    property: { id: 'p', title: 'flat' },
  };
  // Read once before the feature registers its kind, then registered for every test: each test stands alone.
  let beforeRegistering: OutboxItem | undefined;
  beforeAll(() => {
    beforeRegistering = upgradeItem(old);
    registerFavoriteOutbox();
  });

  it('is unknown to the engine until the feature registers it', () => {
    expect(beforeRegistering).toMatchObject({ kind: 'unknown', storedKind: 'favorite' });
    expect(outboxKindOf('favorite')).toBe(favoriteKind);
  });
  it('upgrades a version 1 item (no version, no owner, no counters) instead of dropping it', () => {
    const item = upgradeItem(old);
    expect(item).toMatchObject({ ...old, ownerId: null, revision: 0, faults: 0, schemaVersion: OUTBOX_SCHEMA_VERSION });
    expect(upgradeItem(toStored(item!))).toEqual(item);
  });
  it('has its property as its target, so wishes for one property share a target and another property’s do not', () => {
    expect(targetOf(upgradeItem(old)!)).toBe('favorite:p');
    expect(targetOf(upgradeItem({ ...old, id: 'b', propertyId: 'q', property: { id: 'q', title: 'house' } })!)).toBe(
      'favorite:q',
    );
  });
  it('is unknown without the property it shows while waiting', () => {
    const { property: _property, ...withoutProperty } = old;
    expect(upgradeItem(withoutProperty)).toMatchObject({ kind: 'unknown', storedKind: 'favorite' });
  });
});
