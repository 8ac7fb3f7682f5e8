import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { call } from './outbox-call.ts';
import type { OutboxKind } from './outbox-kind.ts';
import { ANY_SESSION, OUTBOX_SCHEMA_VERSION, toStored, type QueuedItem } from './outbox-item.schema.ts';
import { outboxKindOf, registerOutboxKind, targetOf, upgradeItem } from './outbox-registry.ts';
import { registerFormEndpoints } from './post-form.outbox.ts';
import { formItem, sendForm } from './queue-form.ts';

// The engine knows no feature's kinds: these tests register one of their own, as a feature does.
type NoteItem = QueuedItem<'note', { thingId: string; text: string }>;
const noteKind: OutboxKind<NoteItem> = {
  kind: 'note',
  schema: v.looseObject({ kind: v.literal('note'), thingId: v.string(), text: v.string() }),
  target: (item) => `thing:${item.thingId}`,
  send: (item, session) => call(session, 'POST', `/api/things/${item.thingId}/notes`, item.id, { text: item.text }),
};
registerOutboxKind(noteKind);

describe('upgradeItem', () => {
  it('upgrades a version 1 item of a registered kind (no version, no owner, no counters) instead of dropping it', () => {
    const old = {
      id: 'a',
      kind: 'note',
      createdAt: 1,
      label: 'Note: flat',
      status: 'waiting',
      attempts: 2,
      nextAttemptAt: 5,
      thingId: 't',
      text: 'hi',
    };
    expect(upgradeItem(old)).toMatchObject({
      ...old,
      ownerId: null,
      revision: 0,
      faults: 0,
      schemaVersion: OUTBOX_SCHEMA_VERSION,
    });
    expect(targetOf(upgradeItem(old)!)).toBe('thing:t');
  });
  it('keeps an item of a kind it does not know, and writes it back as that kind with its fields', () => {
    const stored = {
      id: 'c',
      kind: 'review',
      ownerId: 'ama',
      createdAt: 1,
      label: 'Review',
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      stars: 5,
    };
    const item = upgradeItem(stored);
    expect(item).toMatchObject({ kind: 'unknown', storedKind: 'review', label: 'Review' });
    expect(targetOf(item!)).toBe('unknown:c');
    expect(toStored({ ...item!, attempts: 1 })).toMatchObject({ kind: 'review', stars: 5, attempts: 1 });
  });
  it('keeps an item its kind cannot read (a field missing) as an unknown item, never sent', () => {
    const stored = { id: 'd', kind: 'note', ownerId: 'ama', createdAt: 1, thingId: 't' };
    expect(upgradeItem(stored)).toMatchObject({ kind: 'unknown', storedKind: 'note' });
  });
  it('keeps fields a newer version added to a known kind', () => {
    const stored = {
      id: 'e',
      kind: 'note',
      ownerId: 'ama',
      createdAt: 1,
      label: 'Note',
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      thingId: 't',
      text: 'x',
      mood: 'glad',
    };
    expect(upgradeItem(stored)).toMatchObject({ mood: 'glad' });
  });
  it('answers nothing for what is not an item', () => {
    expect(upgradeItem(null)).toBeUndefined();
    expect(upgradeItem({ kind: 'note' })).toBeUndefined();
  });
});

describe('the registry', () => {
  it('refuses a second, different kind under a name already taken, and the name "unknown"', () => {
    registerOutboxKind(noteKind);
    expect(outboxKindOf('note')).toBe(noteKind);
    expect(() => registerOutboxKind({ ...noteKind })).toThrow(/note is registered twice/);
    expect(() => registerOutboxKind({ ...noteKind, kind: 'unknown' } as unknown as OutboxKind)).toThrow(
      /unknown is registered twice/,
    );
  });
});

describe('post-form items (version 3)', () => {
  const stored = {
    id: 'key-1',
    kind: 'post-form',
    ownerId: ANY_SESSION,
    createdAt: 1,
    label: 'Message to Efie support: Hi',
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    revision: 0,
    faults: 0,
    endpoint: '/api/support/message',
    body: { email: 'ama@example.com', subject: 'Hi', message: 'Hello' },
  };
  const allowed = ['/api/support/message', '/api/contact/message', '/api/service-providers'];

  it('sends no form before a feature registers its endpoint', () => {
    expect(upgradeItem(stored)).toMatchObject({ kind: 'unknown', storedKind: 'post-form' });
  });
  it('reads a queued form with its endpoint, body and label, and writes it back the same', () => {
    registerFormEndpoints(allowed);
    const item = upgradeItem(stored);
    expect(item).toMatchObject({ ...stored, schemaVersion: 3 });
    expect(toStored(item!)).toEqual({ ...stored, schemaVersion: 3 });
    expect(targetOf(item!)).toBe('form:key-1');
  });
  it('keeps a form whose endpoint is not registered as an unknown item, never sent', () => {
    const item = upgradeItem({ ...stored, endpoint: '/api/admin/properties/1/approve' });
    expect(item).toMatchObject({ kind: 'unknown', storedKind: 'post-form' });
  });
  it('refuses to queue a form for an endpoint no feature registered (it could never be sent)', async () => {
    await expect(sendForm({ endpoint: '/api/admin/properties/1/approve', body: {}, label: 'Approve' })).rejects.toThrow(
      /is not a form the outbox may send/,
    );
  });
  it('keeps a form without a body as an unknown item', () => {
    const { body: _body, ...withoutBody } = stored;
    expect(upgradeItem(withoutBody)).toMatchObject({ kind: 'unknown', storedKind: 'post-form' });
  });
  it('builds the item sendForm queues: the key is its id, any session sends a public form', () => {
    const item = formItem(
      { endpoint: '/api/contact/message', body: { subject: 'x' }, label: 'Message to Efie: x' },
      'key-2',
      5,
    );
    expect(item).toEqual({
      kind: 'post-form',
      id: 'key-2',
      ownerId: ANY_SESSION,
      endpoint: '/api/contact/message',
      body: { subject: 'x' },
      label: 'Message to Efie: x',
      createdAt: 5,
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: 5,
      revision: 0,
      faults: 0,
    });
    expect(upgradeItem(toStored(item))).toMatchObject(item);
    expect(
      formItem({ endpoint: '/api/service-providers', body: {}, label: 'Registration', ownerId: 'ama' }, 'k', 1).ownerId,
    ).toBe('ama');
  });
  it('accepts only the registered endpoints, exactly', () => {
    // Read as stored items are read: each registered endpoint gives a form that is sent...
    for (const endpoint of allowed) {
      expect(upgradeItem({ ...stored, endpoint }), endpoint).toMatchObject({ kind: 'post-form', endpoint });
    }
    // ...and anything else, however close, an unknown item that never is.
    for (const endpoint of [
      '/api/support/message/',
      '/API/contact/message',
      '/api/contact/message?to=x',
      'https://elsewhere.example/api/support/message',
      '/api/service-providers/1/status',
      '/api/auth/register',
      '/api/support',
      '',
      42,
    ]) {
      expect(upgradeItem({ ...stored, endpoint }), String(endpoint)).toMatchObject({
        kind: 'unknown',
        storedKind: 'post-form',
      });
    }
  });
});
