import { describe, expect, it } from 'vitest';
import { readAllSettled } from '../../testing/settled-read.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { checkpointOf, createEventStore, readAll, START, type RecordedEvent } from './event-store.ts';
import type { SqlClient } from './sql.ts';
import { runSubscriptionBatch } from './subscriptions.ts';

// Reads the global log, whose readable end is the cluster-wide transaction horizon:
// part of the `log` test project (vitest.config.ts), on a PostgreSQL cluster of its own.
const database = useMigratedDatabase();

const created = { type: 'ThingCreated', data: { name: 'a' } };
const renamed = (name: string) => ({ type: 'ThingRenamed', data: { name } });

/**
 * Events of one stream, version i written under transaction id ids[i - 1]. The ids are
 * far below any live horizon (a fresh cluster starts near 750), as restored events are.
 */
async function logWithTransactionIds(db: SqlClient, ids: readonly string[]) {
  for (const [i, id] of ids.entries()) {
    await db.query(
      `insert into events (transaction_id, event_id, stream_id, stream_version, type, data)
       values ($1::xid8, gen_random_uuid(), 'digits', $2, 'Tick', '{}')`,
      [id, i + 1],
    );
  }
}

describe('reading the global log', () => {
  it('reads all events after a checkpoint in commit order', async () => {
    const store = createEventStore(database());
    await store.append('a', 'no_stream', [created]);
    await store.append('b', 'no_stream', [created]);
    await store.append('a', 1, [renamed('x')]);
    const all = await readAllSettled(database(), 3);
    expect(all.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual(['a@1', 'b@1', 'a@2']);
    const rest = await readAllSettled(database(), 2, {
      transactionId: all[0]!.transactionId,
      globalPosition: all[0]!.globalPosition,
    });
    expect(rest.map((e) => `${e.streamId}@${e.streamVersion}`)).toEqual(['b@1', 'a@2']);
    // The store's own readAll reads the same log, up to its limit.
    expect(await store.readAll(START)).toEqual(all);
    expect(await store.readAll(checkpointOf(all[0]!), 1)).toEqual([all[1]]);
  });

  it('orders transaction ids as numbers, not as their decimal text: 9 before 10, 99 before 100', async () => {
    const ids = ['8', '9', '10', '11', '98', '99', '100', '101'];
    await logWithTransactionIds(database(), ids);
    const all = await readAll(database(), START, 100);
    expect(all.map((e) => e.transactionId)).toEqual(ids);
  });

  it.each([1, 3, 5])(
    'hands a subscriber each event once, none skipped, when a batch of %i spans ids of different lengths',
    async (batchSize) => {
      const ids = ['8', '9', '10', '11', '98', '99', '100', '101'];
      await logWithTransactionIds(database(), ids);
      const seen: RecordedEvent[] = [];
      const sub = {
        name: `digits-${batchSize}`,
        handle: async (_tx: SqlClient, events: RecordedEvent[]) => void seen.push(...events),
      };
      for (let polls = 0; polls <= ids.length; polls++) await runSubscriptionBatch(database(), sub, batchSize);
      expect(seen.map((e) => e.streamVersion)).toEqual(ids.map((_, i) => i + 1));
    },
  );
});
