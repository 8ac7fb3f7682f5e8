import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { ConcurrencyError, IdempotencyKeyReusedError } from './errors.ts';
import { createEventStore } from './event-store.ts';

const database = useMigratedDatabase();

const created = { type: 'ThingCreated', data: { name: 'a' } };
const renamed = (name: string) => ({ type: 'ThingRenamed', data: { name } });

describe('event store', () => {
  it('appends events with stream versions, unique ids and metadata, and reads them back in order', async () => {
    const store = createEventStore(database());
    const first = await store.append('thing-1', 'no_stream', [created, renamed('b')], {
      actorId: 'u1',
      requestId: 'r1',
    });
    expect(first.nextVersion).toBe(2);
    await store.append('thing-1', 2, [renamed('c')]);
    const events = await store.readStream('thing-1');
    expect(events.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
      [1, 'ThingCreated', { name: 'a' }],
      [2, 'ThingRenamed', { name: 'b' }],
      [3, 'ThingRenamed', { name: 'c' }],
    ]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
    expect(events[0]!.metadata).toEqual({ actorId: 'u1', requestId: 'r1' });
    expect(events[0]!.recordedAt).toBeInstanceOf(Date);
    expect(await store.streamVersion('thing-1')).toBe(3);
  });

  it('refuses a stale expected version with a conflict and appends nothing', async () => {
    const store = createEventStore(database());
    await store.append('thing-1', 'no_stream', [created]);
    await store.append('thing-1', 1, [renamed('b')]);
    await expect(store.append('thing-1', 1, [renamed('stale')])).rejects.toBeInstanceOf(ConcurrencyError);
    // The refusal's message is what a person reads (CONTRACT.md): it says which version was found.
    await expect(store.append('thing-1', 5, [renamed('ahead')])).rejects.toMatchObject({
      kind: 'conflict',
      code: 'version_conflict',
      actual: 2,
      message: expect.stringContaining('found 2'),
    });
    expect(await store.streamVersion('thing-1')).toBe(2);
  });

  it('treats "no stream" strictly: a second create of the same stream is a conflict, not a second version 1', async () => {
    const store = createEventStore(database());
    await store.append('thing-1', 'no_stream', [created]);
    await expect(store.append('thing-1', 'no_stream', [created])).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream('thing-1')).length).toBe(1);
  });

  it('takes an expected version of 0 as "no stream yet"', async () => {
    const store = createEventStore(database());
    expect((await store.append('thing-0', 0, [created])).nextVersion).toBe(1);
    await expect(store.append('thing-0', 0, [renamed('again')])).rejects.toMatchObject({ code: 'version_conflict' });
    expect((await store.readStream('thing-0')).map((e) => e.type)).toEqual(['ThingCreated']);
  });

  it('answers an append of no events with the stream as it is, appending nothing', async () => {
    const store = createEventStore(database());
    await store.append('thing-1', 'no_stream', [created, renamed('b')]);
    expect(await store.append('thing-1', 'any', [])).toEqual({
      streamId: 'thing-1',
      nextVersion: 2,
      eventIds: [],
      replayed: false,
    });
    expect(await store.append('thing-new', 'any', [])).toMatchObject({ nextVersion: 0, eventIds: [] });
    expect((await store.readStream('thing-1')).length).toBe(2);
  });

  it('appends at any version when told "any"', async () => {
    const store = createEventStore(database());
    await store.append('thing-1', 'any', [created]);
    const result = await store.append('thing-1', 'any', [renamed('b'), renamed('c')]);
    expect(result.nextVersion).toBe(3);
  });

  it('answers a repeated idempotency key with the first result and appends nothing', async () => {
    const store = createEventStore(database());
    const idempotency = { key: 'k-1', requestHash: 'h-1' };
    const first = await store.append('thing-1', 'no_stream', [created], {}, { idempotency });
    const again = await store.append('thing-1', 'no_stream', [created], {}, { idempotency });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await store.readStream('thing-1')).length).toBe(1);
    const [event] = await store.readStream('thing-1');
    expect(event!.metadata.idempotencyKey).toBe('k-1');
  });

  it('refuses the same idempotency key with a different request', async () => {
    const store = createEventStore(database());
    await store.append('thing-1', 'no_stream', [created], {}, { idempotency: { key: 'k-1', requestHash: 'h-1' } });
    await expect(
      store.append('thing-2', 'no_stream', [created], {}, { idempotency: { key: 'k-1', requestHash: 'other' } }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(
      store.append('thing-2', 'no_stream', [created], {}, { idempotency: { key: 'k-1', requestHash: 'other' } }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'idempotency_key_reused', message: expect.stringMatching(/\S/) });
    expect(await store.streamVersion('thing-2')).toBe(0);
  });

  it('rolls back the events when an inline projection fails', async () => {
    const store = createEventStore(database(), {
      project: async () => {
        throw new Error('projection broke');
      },
    });
    await expect(store.append('thing-1', 'no_stream', [created])).rejects.toThrow('projection broke');
    expect(await store.streamVersion('thing-1')).toBe(0);
    expect(await store.readStream('thing-1')).toEqual([]);
  });

  it('runs the inline projector only for appends of types a read model reads', async () => {
    const projected: string[][] = [];
    const store = createEventStore(database(), {
      project: async (_tx, events) => void projected.push(events.map((e) => e.type)),
      projectsAny: (types) => types.includes('ThingCreated'),
    });
    await store.append('thing-1', 'no_stream', [created]);
    await store.append('thing-1', 1, [renamed('b')]);
    expect(projected).toEqual([['ThingCreated']]);
  });
});
