import { checkpointOf, readAll, type Checkpoint, type RecordedEvent } from './event-store.ts';
import type { Database, SqlClient } from './sql.ts';

/**
 * A side effect that follows the log (sending the outbox, scanning videos).
 * `handle` runs in the same transaction as the checkpoint update, so its own
 * database writes and the checkpoint commit or fail together.
 */
export type Subscription = {
  name: string;
  /** Event types it reads; all when omitted. */
  types?: readonly string[];
  handle(tx: SqlClient, events: RecordedEvent[]): Promise<void>;
};

export type BatchOutcome = { handled: number; busy: boolean };

/**
 * Handles one batch. The checkpoint row is locked FOR UPDATE SKIP LOCKED for the
 * whole batch: while one instance holds it, another gets `busy` and does nothing,
 * so no event is handled twice; a crash rolls the batch back and the next run
 * starts again from the last committed checkpoint, so none is lost.
 */
export async function runSubscriptionBatch(db: Database, sub: Subscription, batchSize = 500): Promise<BatchOutcome> {
  await db.query('insert into subscription_checkpoints (name) values ($1) on conflict (name) do nothing', [sub.name]);
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ transaction_id: string; global_position: number }>(
      `select transaction_id::text as transaction_id, global_position from subscription_checkpoints
       where name = $1 for update skip locked`,
      [sub.name],
    );
    const row = locked[0];
    if (!row) return { handled: 0, busy: true };
    const from: Checkpoint = { transactionId: row.transaction_id, globalPosition: row.global_position };
    const events = await readAll(tx, from, batchSize, sub.types);
    const last = events[events.length - 1];
    if (!last) return { handled: 0, busy: false };
    await sub.handle(tx, events);
    const next = checkpointOf(last);
    await tx.query(
      `update subscription_checkpoints set transaction_id = $2::xid8, global_position = $3, updated_at = now()
       where name = $1`,
      [sub.name, next.transactionId, next.globalPosition],
    );
    return { handled: events.length, busy: false };
  });
}

export type RunningSubscription = { stop(): Promise<void> };

/** Polls until stopped; a failing batch is logged and retried after the poll interval. */
export function startSubscription(
  db: Database,
  sub: Subscription,
  { pollMs = 250, batchSize = 500, onError = (e: unknown) => console.error(`subscription ${sub.name}:`, e) } = {},
): RunningSubscription {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let outcome: BatchOutcome = { handled: 0, busy: false };
      try {
        outcome = await runSubscriptionBatch(db, sub, batchSize);
      } catch (error) {
        onError(error);
      }
      if (outcome.handled > 0 && !stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, pollMs).unref?.();
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
