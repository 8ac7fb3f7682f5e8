import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../api/runtime.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../api/testing/test-database.ts';
import { approachPowerOfTen } from '../../api/testing/transaction-ids.ts';
import { createEventStore, type RecordedEvent } from './event-store.ts';
import { runSubscriptionBatch } from './subscriptions.ts';

// Always on the real server: PGlite is one connection and cannot commit out of order.
let t: TestDatabase;

/**
 * Polls until `done` or a minute has passed. The horizon is cluster-wide, so a
 * transaction open in another database of the same server (a parallel test file)
 * delays, but must never change, what the subscriber finally sees.
 */
async function drain(poll: () => Promise<unknown>, done: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!done() && Date.now() < deadline) {
    await poll();
    if (!done()) await sleep(20);
  }
}

beforeAll(async () => {
  t = await createPostgresTestDatabase();
  await migrate(t.db, MIGRATIONS_DIR);
});
afterAll(() => t.drop());

describe('global order under concurrent writers (real PostgreSQL)', () => {
  it('leaves a polling subscriber with every event exactly once and each stream in version order', async () => {
    const store = createEventStore(t.db);
    const seen: RecordedEvent[] = [];
    const subscriber = { name: 'collector', handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events) };

    const WRITERS = 8;
    const APPENDS_PER_WRITER = 60;
    const STREAMS = 12;
    let writing = true;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const streamId = `s-${(w * 7 + i) % STREAMS}`;
        if (i % 10 === 3) {
          // Take a global position, then hold the commit back while others commit after it.
          await t.db.transaction(async (tx) => {
            await store.appendIn(tx, streamId, 'any', [{ type: 'Slow', data: { w, i } }], {});
            await tx.query('select pg_sleep(0.05)');
          });
        } else {
          await store.append(streamId, 'any', [{ type: 'Fast', data: { w, i } }]);
        }
      }
    });
    const poller = (async () => {
      while (writing) {
        await runSubscriptionBatch(t.db, subscriber, 50);
        await sleep(2);
      }
      await drain(() => runSubscriptionBatch(t.db, subscriber, 500), () => seen.length >= WRITERS * APPENDS_PER_WRITER);
    })();
    await Promise.all(writers);
    writing = false;
    await poller;

    const total = WRITERS * APPENDS_PER_WRITER;
    const [row] = await t.db.query<{ n: number }>('select count(*)::int8 as n from events');
    expect(row?.n).toBe(total);
    expect(seen.length).toBe(total);
    expect(new Set(seen.map((e) => e.eventId)).size).toBe(total);
    const byStream = new Map<string, number[]>();
    for (const e of seen) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.streamVersion]);
    for (const versions of byStream.values()) {
      expect(versions).toEqual(versions.map((_, i) => i + 1));
    }
  });

  it('hands every event out once, in stream order, while transaction ids pass a power of ten', async () => {
    const store = createEventStore(t.db);
    const power = await approachPowerOfTen(t.db);
    // 100 appends, one transaction each: their ids run from 50 below the power of ten to 50 above it.
    for (let i = 0; i < 100; i++) await store.append(`p-${i % 7}`, 'any', [{ type: 'Crossing', data: { i } }]);
    const ids = (await t.db.query<{ id: string }>(`select transaction_id::text as id from events where type = 'Crossing'`)).map((r) => BigInt(r.id));
    expect(ids.some((id) => id < power) && ids.some((id) => id >= power)).toBe(true);
    for (const batchSize of [1, 7, 50]) {
      const seen: RecordedEvent[] = [];
      const sub = { name: `crossing-${batchSize}`, types: ['Crossing'], handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events) };
      // Every event is committed before the first poll: poll until a batch hands out nothing.
      while ((await runSubscriptionBatch(t.db, sub, batchSize)).handled > 0);
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    }
  });

  it('does not pass an event whose transaction took its position first but commits last', async () => {
    const store = createEventStore(t.db);
    const seen: string[] = [];
    const sub = { name: 'late-commit', types: ['Late', 'Early'], handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events.map((e) => e.type)) };
    let releaseLate!: () => void;
    const lateHeld = new Promise<void>((resolve) => (releaseLate = resolve));
    let lateAppended!: () => void;
    const lateInserted = new Promise<void>((resolve) => (lateAppended = resolve));
    // A takes the lower position and holds its commit back...
    const late = t.db.transaction(async (tx) => {
      await store.appendIn(tx, 'late-1', 'no_stream', [{ type: 'Late', data: {} }], {});
      lateAppended();
      await lateHeld;
    });
    await lateInserted;
    // ...while B takes a higher position and commits first.
    await store.append('early-1', 'no_stream', [{ type: 'Early', data: {} }]);
    const [a] = await t.db.query<{ p: number }>(`select global_position as p from events where stream_id = 'early-1'`);
    expect(a?.p).toBeGreaterThan(0);
    // A poll now must take neither: B lies beyond the horizon that A's open transaction holds.
    await runSubscriptionBatch(t.db, sub, 10);
    expect(seen).toEqual([]);
    releaseLate();
    await late;
    await drain(() => runSubscriptionBatch(t.db, sub, 10), () => seen.length >= 2);
    expect(seen).toEqual(['Late', 'Early']);
  });

  it('lets only one of two concurrent instances handle each batch', async () => {
    const store = createEventStore(t.db);
    for (let i = 0; i < 40; i++) await store.append(`dup-${i % 4}`, 'any', [{ type: 'Tick', data: { i } }]);
    const handledBy: string[] = [];
    const instance = (name: string) => ({
      name: 'shared-subscription',
      types: ['Tick'],
      handle: async (_tx: unknown, events: RecordedEvent[]) => {
        await sleep(20);
        for (const e of events) handledBy.push(`${name}:${e.eventId}`);
      },
    });
    const run = (name: string) => drain(() => runSubscriptionBatch(t.db, instance(name), 5), () => handledBy.length >= 40);
    await Promise.all([run('a'), run('b')]);
    // A few more polls after the last batch must not hand anything out again.
    for (let k = 0; k < 3; k++) await runSubscriptionBatch(t.db, instance('late'), 5);
    const ids = handledBy.map((h) => h.split(':')[1]);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
  });
});
