import { describe, expect, it } from 'vitest'
import { OUTBOX_SCHEMA_VERSION, toStored, upgradeItem } from './outbox-item.schema'

describe('upgradeItem', () => {
  it('upgrades a version 1 item (no version, no owner, no counters) instead of dropping it', () => {
    const old = { id: 'a', kind: 'favorite', createdAt: 1, label: 'Save: flat', status: 'waiting', attempts: 2, nextAttemptAt: 5, propertyId: 'p', favorite: true, property: { id: 'p', title: 'flat' } }
    expect(upgradeItem(old)).toMatchObject({ ...old, ownerId: null, revision: 0, faults: 0, schemaVersion: OUTBOX_SCHEMA_VERSION })
  })
  it('keeps a version 1 listing with its uploaded photo URLs by position', () => {
    const old = { id: 'b', kind: 'create-listing', ownerId: 'ama', createdAt: 1, label: 'New', status: 'failed', attempts: 1, nextAttemptAt: 1, draftId: 'd', body: { title: 't' }, uploaded: ['/files/1.jpg', null] }
    expect(upgradeItem(old)).toMatchObject({ kind: 'create-listing', uploaded: ['/files/1.jpg', null], status: 'failed' })
  })
  it('keeps an item of a kind it does not know, and writes it back as that kind with its fields', () => {
    const stored = { id: 'c', kind: 'review', ownerId: 'ama', createdAt: 1, label: 'Review', status: 'waiting', attempts: 0, nextAttemptAt: 0, stars: 5 }
    const item = upgradeItem(stored)
    expect(item).toMatchObject({ kind: 'unknown', storedKind: 'review', label: 'Review' })
    expect(toStored({ ...item!, attempts: 1 })).toMatchObject({ kind: 'review', stars: 5, attempts: 1 })
  })
  it('keeps fields a newer version added to a known kind', () => {
    const stored = { id: 'e', kind: 'edit-listing', ownerId: 'ama', createdAt: 1, label: 'Changes', status: 'waiting', attempts: 0, nextAttemptAt: 0, propertyId: 'p', body: { title: 'x' }, baseVersion: 6 }
    expect(upgradeItem(stored)).toMatchObject({ baseVersion: 6 })
  })
  it('answers nothing for what is not an item', () => {
    expect(upgradeItem(null)).toBeUndefined()
    expect(upgradeItem({ kind: 'favorite' })).toBeUndefined()
  })
})
