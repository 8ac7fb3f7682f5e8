import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainSubscription } from '../../testing/settled-read.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { createMigratedPostgresTestDatabase } from '../../testing/use-test-database.ts';
import { findPostgresBin, startPrivateCluster } from '../../testing/private-cluster.ts';
import { approachPowerOfTen, powerOfTenWithinReach } from '../../testing/transaction-ids.ts';
import { checkpointOf, createEventStore, type RecordedEvent } from './event-store.ts';
import type { Database, SqlClient } from './sql.ts';
import { logStatus, runSubscriptionBatch } from './subscriptions.ts';

// Always on the real server: PGlite is one connection and cannot commit out of order.
// Part of the `log` test project: its own cluster, so no other test's transaction holds the horizon.
let t: TestDatabase;

beforeAll(async () => {
  t = await createMigratedPostgresTestDatabase();
});
afterAll(() => t.drop());

/**
 * Runs `test` on the log cluster while the next power of ten is within reach of its transaction ids;
 * once a run before has taken them past it (Stryker runs this file again and again in one process,
 * on one cluster), on a cluster started for the test, young again.
 */
async function onAClusterWithinReachOfAPowerOfTen(test: (db: Database) => Promise<void>): Promise<void> {
  if (await powerOfTenWithinReach(t.db)) return test(t.db);
  const bin = findPostgresBin();
  if (!bin) throw new Error('the log cluster is past reach of a power of ten and no initdb is here to start another');
  const cluster = await startPrivateCluster(bin);
  try {
    const young = await createMigratedPostgresTestDatabase(cluster.url);
    try {
      await test(young.db);
    } finally {
      await young.drop();
    }
  } finally {
    await cluster.stop();
  }
}

/** Resolves after the next subscriber poll that starts from now has finished. */
function pollSignal() {
  let waiters: (() => void)[] = [];
  return {
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    polled() {
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    },
  };
}

describe('global order under concurrent writers (real PostgreSQL)', () => {
  it('leaves a polling subscriber with every event exactly once and each stream in version order', async () => {
    const store = createEventStore(t.db);
    const seen: RecordedEvent[] = [];
    const subscriber = {
      name: 'collector',
      handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events),
    };

    const WRITERS = 8;
    const APPENDS_PER_WRITER = 60;
    const STREAMS = 12;
    let writing = true;
    const polls = pollSignal();
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const streamId = `s-${(w * 7 + i) % STREAMS}`;
        if (i % 10 === 3) {
          // Take a global position, then hold the commit back over two subscriber polls while others commit after it.
          await t.db.transaction(async (tx) => {
            await store.appendIn(tx, streamId, 'any', [{ type: 'Slow', data: { w, i } }], {});
            await polls.next();
            await polls.next();
          });
        } else {
          await store.append(streamId, 'any', [{ type: 'Fast', data: { w, i } }]);
        }
      }
    });
    const poller = (async () => {
      while (writing) {
        await runSubscriptionBatch(t.db, subscriber, 50);
        polls.polled();
      }
    })();
    await Promise.all(writers);
    writing = false;
    await poller;
    await drainSubscription(t.db, subscriber, 500);

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
    await onAClusterWithinReachOfAPowerOfTen(async (db) => {
      const store = createEventStore(db);
      const power = await approachPowerOfTen(db);
      // 100 appends, one transaction each: their ids run from 50 below the power of ten to 50 above it.
      for (let i = 0; i < 100; i++) await store.append(`p-${i % 7}`, 'any', [{ type: 'Crossing', data: { i } }]);
      const ids = (
        await db.query<{ id: string }>(`select transaction_id::text as id from events where type = 'Crossing'`)
      ).map((r) => BigInt(r.id));
      expect(ids.some((id) => id < power) && ids.some((id) => id >= power)).toBe(true);
      for (const batchSize of [1, 7, 50]) {
        const seen: RecordedEvent[] = [];
        const sub = {
          name: `crossing-${batchSize}`,
          types: ['Crossing'],
          handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events),
        };
        await drainSubscription(db, sub, batchSize);
        expect(seen.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 100 }, (_, i) => i));
      }
    });
  });

  it('does not pass an event whose transaction took its position first but commits last', async () => {
    const store = createEventStore(t.db);
    const seen: string[] = [];
    const sub = {
      name: 'late-commit',
      types: ['Late', 'Early'],
      handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events.map((e) => e.type)),
    };
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
    await drainSubscription(t.db, sub, 10);
    expect(seen).toEqual(['Late', 'Early']);
  });

  it('lets only one of two concurrent instances handle each batch', async () => {
    const store = createEventStore(t.db);
    for (let i = 0; i < 40; i++) await store.append(`dup-${i % 4}`, 'any', [{ type: 'Tick', data: { i } }]);
    const handledBy: string[] = [];
    let aHandling!: () => void;
    const aIsHandling = new Promise<void>((resolve) => (aHandling = resolve));
    let bTried!: () => void;
    const bHasTried = new Promise<void>((resolve) => (bTried = resolve));
    const instance = (name: string, beforeHandling: () => Promise<void> = async () => {}) => ({
      name: 'shared-subscription',
      types: ['Tick'],
      async handle(_tx: SqlClient, events: RecordedEvent[]) {
        await beforeHandling();
        for (const e of events) handledBy.push(`${name}:${e.eventId}`);
      },
    });
    // A's handler runs while A holds the checkpoint row; it waits there until B has tried a batch.
    const aFirst = runSubscriptionBatch(
      t.db,
      instance('a', async () => {
        aHandling();
        return bHasTried;
      }),
      5,
    );
    await aIsHandling;
    const bFirst = await runSubscriptionBatch(t.db, instance('b'), 5);
    bTried();
    expect(bFirst).toEqual({ handled: 0, busy: true });
    expect((await aFirst).handled).toBe(5);
    await Promise.all([drainSubscription(t.db, instance('a'), 5), drainSubscription(t.db, instance('b'), 5)]);
    const ids = handledBy.map((h) => h.split(':')[1]);
    expect(ids.length).toBe(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('keeps a type-filtered checkpoint after the events it handled when the transaction at the horizon commits during the read', async () => {
    const store = createEventStore(t.db);
    let releaseHeld!: () => void;
    const heldOpen = new Promise<void>((resolve) => (releaseHeld = resolve));
    let heldAppended!: () => void;
    const heldInserted = new Promise<void>((resolve) => (heldAppended = resolve));
    // The oldest transaction running: the horizon a subscriber takes now is its id.
    const held = t.db.transaction(async (tx) => {
      await store.appendIn(tx, 'held-1', 'no_stream', [{ type: 'Held', data: {} }], {});
      heldAppended();
      await heldOpen;
    });
    await heldInserted;
    // It commits between the subscriber's taking the horizon and its read, which then sees its event:
    // the batch's last event has the horizon's transaction id, at a position above the horizon's 0.
    const commitsAfterTheHorizon: Database = {
      ...t.db,
      transaction: (fn) =>
        t.db.transaction((tx) =>
          fn({
            execute: (script) => tx.execute(script),
            async query<Row>(text: string, params?: readonly unknown[]) {
              const rows = await tx.query<Row>(text, params);
              if (text.includes(' as horizon')) {
                releaseHeld();
                await held;
              }
              return rows;
            },
          }),
        ),
    };
    const seen: RecordedEvent[] = [];
    const sub = {
      name: 'at-the-horizon',
      types: ['Held'],
      handle: async (_tx: unknown, events: RecordedEvent[]) => void seen.push(...events),
    };
    expect(await runSubscriptionBatch(commitsAfterTheHorizon, sub, 10)).toEqual({ handled: 1, busy: false });
    // The checkpoint stays at the event, not at the horizon just before it, which would hand it out again.
    const [status] = (await logStatus(t.db)).subscriptions.filter((s) => s.name === 'at-the-horizon');
    expect(status?.checkpoint).toEqual(checkpointOf(seen[0]!));
    await drainSubscription(t.db, sub, 10);
    expect(seen.map((e) => e.streamId)).toEqual(['held-1']);
  });
});
