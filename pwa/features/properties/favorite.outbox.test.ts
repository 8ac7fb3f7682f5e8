import { describe, expect, it } from 'vitest'
import { OUTBOX_SCHEMA_VERSION, toStored } from '../../offline/outbox-item.schema'
import { outboxKindOf, targetOf, upgradeItem } from '../../offline/outbox-registry'
import { favoriteKind, registerFavoriteOutbox } from './favorite.outbox'

describe('the favourite kind of outbox item', () => {
  const old = { id: 'a', kind: 'favorite', createdAt: 1, label: 'Save: flat', status: 'waiting', attempts: 2, nextAttemptAt: 5, propertyId: 'p', favorite: true, property: { id: 'p', title: 'flat' } }

  it('is unknown to the engine until the feature registers it', () => {
    expect(upgradeItem(old)).toMatchObject({ kind: 'unknown', storedKind: 'favorite' })
    registerFavoriteOutbox()
    expect(outboxKindOf('favorite')).toBe(favoriteKind)
  })
  it('upgrades a version 1 item (no version, no owner, no counters) instead of dropping it', () => {
    const item = upgradeItem(old)
    expect(item).toMatchObject({ ...old, ownerId: null, revision: 0, faults: 0, schemaVersion: OUTBOX_SCHEMA_VERSION })
    expect(upgradeItem(toStored(item!))).toEqual(item)
  })
  it('waits behind an earlier wish for the same property only', () => {
    expect(targetOf(upgradeItem(old)!)).toBe('favorite:p')
  })
  it('is unknown without the property it shows while waiting', () => {
    const { property: _property, ...withoutProperty } = old
    expect(upgradeItem(withoutProperty)).toMatchObject({ kind: 'unknown', storedKind: 'favorite' })
  })
})
