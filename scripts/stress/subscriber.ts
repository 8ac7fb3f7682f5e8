// One instance of the stress subscriptions (npm run stress:events starts two, as
// separate processes racing for the same checkpoints). Every event handed out is
// recorded in stress_handled in the batch's own transaction, with no unique key:
// an event handled twice shows up as two rows. FAIL_RATE makes that share of
// batches throw after writing their rows, so they roll back and are handed out again.
import { createPostgresDatabase } from '../../api/db/postgres-database.ts';
import type { RecordedEvent } from '../../events/store/event-store.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { startSubscription, type Subscription } from '../../events/store/subscriptions.ts';
import { TYPED_SUBSCRIPTION_TYPES } from './workload.ts';

// Ends with the harness, even one killed with -9: it must not hold the server's horizon back alone.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(1), 500).unref();
const db = createPostgresDatabase({ url: process.env.DATABASE_URL!, maxConnections: 4 });
const worker = process.env.WORKER ?? String(process.pid);
const failRate = Number(process.env.FAIL_RATE ?? 0);

const recording = (name: string, types?: string[]): Subscription => ({
  name,
  ...(types ? { types } : {}),
  async handle(tx: SqlClient, events: RecordedEvent[]) {
    await tx.query(
      `insert into stress_handled (subscription, worker, event_id, stream_id, stream_version)
       select $1, $2, r.event_id, r.stream_id, r.stream_version
       from jsonb_to_recordset(($3::jsonb)->'rows') as r(event_id uuid, stream_id text, stream_version int)`,
      [
        name,
        worker,
        { rows: events.map((e) => ({ event_id: e.eventId, stream_id: e.streamId, stream_version: e.streamVersion })) },
      ],
    );
    if (Math.random() < failRate) throw new Error('stress: a batch fails after writing its rows');
  },
});

const quiet = () => {};
const running = [
  startSubscription(db, recording('stress-all'), { pollMs: 10, batchSize: 50, onError: quiet }),
  startSubscription(db, recording('stress-typed', TYPED_SUBSCRIPTION_TYPES), {
    pollMs: 10,
    batchSize: 20,
    onError: quiet,
  }),
];
process.stdout.write('started\n');
process.on('SIGTERM', async () => {
  await Promise.all(running.map((r) => r.stop()));
  await db.close();
  process.exit(0);
});
