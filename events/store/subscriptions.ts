import { checkpointOf, readAll, type Checkpoint, type RecordedEvent } from './event-store.ts';
import { startPolling, type Poller } from './polling.ts';
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

const isAfter = (a: Checkpoint, b: Checkpoint) =>
  BigInt(a.transactionId) > BigInt(b.transactionId) ||
  (a.transactionId === b.transactionId && a.globalPosition > b.globalPosition);

/**
 * Handles one batch. The checkpoint row is locked FOR UPDATE SKIP LOCKED for the
 * whole batch: while one instance holds it, another gets `busy` and does nothing,
 * so no event is handled twice; a crash rolls the batch back and the next run
 * starts again from the last committed checkpoint, so none is lost.
 *
 * A subscription that reads some types only moves its checkpoint past the events
 * of other types too, up to the horizon, once a read comes back short: so the
 * events beyond a checkpoint are the ones it has not looked at yet (what
 * `logStatus` counts), and a rare type is not searched for again
 * from its last event on every poll.
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
    // Taken before the read, so at or below the read's own horizon: a short read has seen every event under it.
    const horizon = sub.types ? await horizonCheckpoint(tx) : undefined;
    const events = await readAll(tx, from, batchSize, sub.types);
    const last = events[events.length - 1];
    if (last) await sub.handle(tx, events);
    let next = last ? checkpointOf(last) : undefined;
    if (horizon && events.length < batchSize && isAfter(horizon, next ?? from)) {
      // Without a batch to record, write only when there are other types' events to pass.
      if (next || (await anyEventBetween(tx, from, horizon))) next = horizon;
    }
    if (next) {
      await tx.query(
        `update subscription_checkpoints set transaction_id = $2::xid8, global_position = $3, updated_at = now()
         where name = $1`,
        [sub.name, next.transactionId, next.globalPosition],
      );
    }
    return { handled: events.length, busy: false };
  });
}

/** Just before every event not yet below the horizon: (horizon, 0), positions start at 1. */
async function horizonCheckpoint(tx: SqlClient): Promise<Checkpoint> {
  const [row] = await tx.query<{ horizon: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`);
  return { transactionId: row!.horizon, globalPosition: 0 };
}

async function anyEventBetween(tx: SqlClient, after: Checkpoint, before: Checkpoint): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from events e
     where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
       and (e.transaction_id, e.global_position) < ($3::xid8, $4::bigint)
     limit 1`,
    [after.transactionId, after.globalPosition, before.transactionId, before.globalPosition],
  );
  return rows.length > 0;
}

export type SubscriptionStatus = {
  name: string;
  checkpoint: Checkpoint;
  /** Events in the log after the checkpoint (readable or still beyond the horizon), counted up to the cap. */
  eventsBehind: number;
  /** True when more than the cap lie beyond it: eventsBehind is then the cap. */
  eventsBehindCapped: boolean;
  updatedAt: Date;
};

export type LogStatus = {
  /** The last global position: the number of events, unless appends that took a position rolled back. */
  lastPosition: number;
  subscriptions: SubscriptionStatus[];
};

/**
 * The log's end and where each subscription stands, in one statement. The last
 * position is one index probe (a count would scan every event); counting the
 * events beyond a checkpoint stops at `cap`, so the cost is bounded (an
 * index-only range scan of at most cap + 1 entries per subscription) however
 * far one has fallen behind.
 */
export async function logStatus(client: SqlClient, cap = 1_000): Promise<LogStatus> {
  const rows = await client.query<{
    last_position: number;
    name: string | null;
    transaction_id: string;
    global_position: number;
    behind: number;
    updated_at: Date;
  }>(
    `select (select coalesce(max(global_position), 0) from events)::int8 as last_position,
       c.name, c.transaction_id::text as transaction_id, c.global_position, c.updated_at,
       (select count(*) from (
          select 1 from events e
          where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
          limit $1 + 1) beyond)::int8 as behind
     from (values (1)) as one (x) left join subscription_checkpoints c on true
     order by c.name`,
    [cap],
  );
  return {
    lastPosition: rows[0]?.last_position ?? 0,
    subscriptions: rows
      .filter((r) => r.name !== null)
      .map((r) => ({
        name: r.name!,
        checkpoint: { transactionId: r.transaction_id, globalPosition: r.global_position },
        eventsBehind: Math.min(r.behind, cap),
        eventsBehindCapped: r.behind > cap,
        updatedAt: r.updated_at,
      })),
  };
}

export type RunningSubscription = Poller;

/** Polls until stopped; a failing batch is logged and retried after the poll interval. */
export function startSubscription(
  db: Database,
  sub: Subscription,
  { pollMs = 250, batchSize = 500, onError = (e: unknown) => console.error(`subscription ${sub.name}:`, e) } = {},
): RunningSubscription {
  return startPolling(async () => (await runSubscriptionBatch(db, sub, batchSize)).handled > 0, { pollMs, onError });
}
