import { describe, expect, it } from 'vitest'
import { ANY_SESSION, FORM_ENDPOINTS, OUTBOX_SCHEMA_VERSION, targetOf, toStored, upgradeItem } from './outbox-item.schema'
import { formItem } from './queue-form'

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

describe('post-form items (version 3)', () => {
  const stored = {
    id: 'key-1', kind: 'post-form', ownerId: ANY_SESSION, createdAt: 1, label: 'Message to Efie support: Hi', status: 'waiting', attempts: 0, nextAttemptAt: 0,
    revision: 0, faults: 0, endpoint: '/api/support/message', body: { email: 'ama@example.com', subject: 'Hi', message: 'Hello' },
  }
  it('reads a queued form with its endpoint, body and label, and writes it back the same', () => {
    const item = upgradeItem(stored)
    expect(item).toMatchObject({ ...stored, schemaVersion: 3 })
    expect(toStored(item!)).toEqual({ ...stored, schemaVersion: 3 })
    expect(targetOf(item!)).toBe('form:key-1')
  })
  it('keeps a form whose endpoint is not on the allow-list as an unknown item, never sent', () => {
    const item = upgradeItem({ ...stored, endpoint: '/api/admin/properties/1/approve' })
    expect(item).toMatchObject({ kind: 'unknown', storedKind: 'post-form' })
  })
  it('keeps a form without a body as an unknown item', () => {
    const { body: _body, ...withoutBody } = stored
    expect(upgradeItem(withoutBody)).toMatchObject({ kind: 'unknown', storedKind: 'post-form' })
  })
  it('builds the item sendForm queues: the key is its id, any session sends a public form', () => {
    const item = formItem({ endpoint: '/api/contact/message', body: { subject: 'x' }, label: 'Message to Efie: x' }, 'key-2', 5)
    expect(item).toEqual({ kind: 'post-form', id: 'key-2', ownerId: ANY_SESSION, endpoint: '/api/contact/message', body: { subject: 'x' }, label: 'Message to Efie: x', createdAt: 5, status: 'waiting', attempts: 0, nextAttemptAt: 5, revision: 0, faults: 0 })
    expect(upgradeItem(toStored(item))).toMatchObject(item)
    expect(formItem({ endpoint: '/api/service-providers', body: {}, label: 'Registration', ownerId: 'ama' }, 'k', 1).ownerId).toBe('ama')
  })
  it('accepts only the allowed endpoints', () => {
    expect(FORM_ENDPOINTS).toEqual(['/api/support/message', '/api/contact/message', '/api/service-providers'])
    // Read as stored items are read: each allowed endpoint gives a form that is sent...
    for (const endpoint of ['/api/support/message', '/api/contact/message', '/api/service-providers']) {
      expect(upgradeItem({ ...stored, endpoint }), endpoint).toMatchObject({ kind: 'post-form', endpoint })
    }
    // ...and anything else, however close, an unknown item that never is.
    for (const endpoint of [
      '/api/support/message/', '/API/contact/message', '/api/contact/message?to=x', 'https://elsewhere.example/api/support/message',
      '/api/service-providers/1/status', '/api/auth/register', '/api/support', '', 42,
    ]) {
      expect(upgradeItem({ ...stored, endpoint }), String(endpoint)).toMatchObject({ kind: 'unknown', storedKind: 'post-form' })
    }
  })
})
