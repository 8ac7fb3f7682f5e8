import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainSubscription } from '../../testing/settled-read.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { createMigratedPostgresTestDatabase } from '../../testing/use-test-database.ts';
import { createEventStore, type RecordedEvent } from './event-store.ts';
import type { Database, SqlClient } from './sql.ts';

// Two transactions on the real server, interleaved by explicit barriers: PGlite is one connection.
let t: TestDatabase;
beforeAll(async () => {
  t = await createMigratedPostgresTestDatabase();
  await t.db.query('create table side_writes (note text)');
});
afterAll(() => t.drop());

const barrier = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

/** Forwards every query, but holds the first one matching `pattern` until `go` opens; `reached` opens when it arrives. */
function holdingBefore(client: SqlClient, pattern: RegExp, reached: () => void, go: Promise<void>): SqlClient {
  let held = false;
  return {
    async query(text, params) {
      if (!held && pattern.test(text)) {
        held = true;
        reached();
        await go;
      }
      return client.query(text, params);
    },
    execute: (script) => client.execute(script),
  };
}

/** The same database, whose transactions hold their first query matching `pattern`. */
function holdingDatabase(db: Database, pattern: RegExp, reached: () => void, go: Promise<void>): Database {
  return { ...db, transaction: (fn) => db.transaction((tx) => fn(holdingBefore(tx, pattern, reached, go))) };
}

/** What a subscription reading one event per batch is handed of a stream, once it has taken the whole log. */
async function subscriberSees(name: string, streamId: string): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  await drainSubscription(t.db, { name, handle: async (_tx, events) => void seen.push(...events) }, 1);
  return seen.filter((e) => e.streamId === streamId);
}

const ownTransactionId = async (tx: SqlClient) =>
  BigInt((await tx.query<{ id: string }>('select pg_current_xact_id()::text as id'))[0]!.id);

describe('stream order for subscribers, whatever the appending transaction did first (real PostgreSQL)', () => {
  it('hands out version 1 before version 2 when version 2 comes from a transaction that wrote before its append', async () => {
    const store = createEventStore(t.db);
    const aWrote = barrier();
    const bCommitted = barrier();
    let aId = 0n;
    // A writes something else first, which gives it its transaction id now...
    const a = t.db.transaction(async (tx) => {
      await tx.query(`insert into side_writes (note) values ('before the append')`);
      aId = await ownTransactionId(tx);
      aWrote.open();
      await bCommitted.opened;
      // ...and appends version 2 only after B has committed version 1 under a higher id.
      await store.appendIn(tx, 'order-1', 1, [{ type: 'Second', data: {} }], {});
    });
    await aWrote.opened;
    await store.append('order-1', 'no_stream', [{ type: 'First', data: {} }]);
    bCommitted.open();
    await a;

    const [first] = await store.readStream('order-1');
    expect(aId).toBeLessThan(BigInt(first!.transactionId)); // the interleaving happened as described
    const seen = await subscriberSees('order-after-write', 'order-1');
    expect(seen.map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:First', '2:Second']);
  });

  it('hands out version 1 before version 2 when version 2 claimed its idempotency key before version 1 was appended', async () => {
    const claimed = barrier();
    const bCommitted = barrier();
    // A's append holds its stream statement until B has committed; its key claim has run by then.
    const storeA = createEventStore(holdingDatabase(t.db, /\bstreams\b/, claimed.open, bCommitted.opened));
    const store = createEventStore(t.db);
    const a = storeA.append(
      'order-2',
      1,
      [{ type: 'Second', data: {} }],
      {},
      { idempotency: { key: 'order-2-second', requestHash: 'h' } },
    );
    await claimed.opened;
    await store.append('order-2', 'no_stream', [{ type: 'First', data: {} }]);
    bCommitted.open();
    expect((await a).nextVersion).toBe(2);

    const [claim] = await t.db.query<{ id: string }>(
      `select xmin::text as id from append_idempotency where idempotency_key = 'order-2-second'`,
    );
    const [first] = await store.readStream('order-2');
    expect(BigInt(claim!.id)).toBeLessThan(BigInt(first!.transactionId)); // A's id predates B's
    const seen = await subscriberSees('order-after-claim', 'order-2');
    expect(seen.map((e) => `${e.streamVersion}:${e.type}`)).toEqual(['1:First', '2:Second']);
  });

  it('keeps a transaction that appends to one stream twice in version order', async () => {
    const store = createEventStore(t.db);
    await t.db.transaction(async (tx) => {
      await store.appendIn(
        tx,
        'order-3',
        'no_stream',
        [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
        {},
      );
      await store.appendIn(tx, 'order-3', 2, [{ type: 'C', data: {} }], {});
    });
    const seen = await subscriberSees('order-same-transaction', 'order-3');
    expect(seen.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
  });
});
