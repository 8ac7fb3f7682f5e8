import { vi } from 'vitest';
import { readAll, START, type Checkpoint, type RecordedEvent } from '../events/store/event-store.ts';
import type { Database, SqlClient } from '../events/store/sql.ts';
import { runSubscriptionBatch, type Subscription } from '../events/store/subscriptions.ts';

/** How long a log-reading test waits for the transaction horizon before it fails. */
export const HORIZON_WAIT_MS = 20_000;

/** Whether every event in the log lies below the horizon: the next read can see them all. */
async function wholeLogReadable(client: SqlClient): Promise<boolean> {
  const [row] = await client.query<{ readable: boolean }>(
    `select coalesce(pg_snapshot_xmin(pg_current_snapshot()) > max(transaction_id), true) as readable from events`,
  );
  return row!.readable;
}

/**
 * Reads the global log from `from` once `count` events lie below the horizon.
 * The log tests run on a cluster of their own, where the horizon passes a
 * committed append at once; the wait is for any other connection of the test.
 */
export async function readAllSettled(
  client: SqlClient,
  count: number,
  from: Checkpoint = START,
): Promise<RecordedEvent[]> {
  return vi.waitFor(
    async () => {
      const events = await readAll(client, from, Math.max(count, 1000));
      if (events.length < count) throw new Error(`${events.length} of ${count} events readable`);
      return events;
    },
    { timeout: HORIZON_WAIT_MS, interval: 10 },
  );
}

/**
 * Runs batches until the subscription has taken everything in the log: a batch
 * hands out nothing although, just before it, the horizon lay above every event.
 * Call it once the writers have finished. A subscriber that skipped events
 * stops here too, so the caller's assertions see exactly what it was handed.
 */
export async function drainSubscription(db: Database, sub: Subscription, batchSize = 500): Promise<void> {
  await vi.waitFor(
    async () => {
      for (;;) {
        const readable = await wholeLogReadable(db);
        const { handled, busy } = await runSubscriptionBatch(db, sub, batchSize);
        if (handled > 0) continue;
        if (readable && !busy) return;
        throw new Error('the horizon has not passed the end of the log yet');
      }
    },
    { timeout: HORIZON_WAIT_MS, interval: 10 },
  );
}
