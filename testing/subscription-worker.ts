// A test fixture: runs one subscription against DATABASE_URL until told to
// stop (or killed). Its handler records each event it handles in
// `handled_by_worker` (no unique key: a repeat would show as a second row).
// With HANG_AFTER=n it stops in the middle of the batch holding its n-th event,
// after that event's row is written, says `hanging` on stdout and waits to be killed.
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { startSubscription } from '../events/store/subscriptions.ts';

const db = createPostgresDatabase({ url: process.env.DATABASE_URL!, maxConnections: 2 });
const hangAfter = Number(process.env.HANG_AFTER ?? Infinity);
let handled = 0;
await db.query('create table if not exists handled_by_worker (event_id uuid not null, at timestamptz default now())');
const running = startSubscription(
  db,
  {
    name: 'crash-test',
    async handle(tx, events) {
      for (const e of events) {
        await tx.query('insert into handled_by_worker (event_id) values ($1)', [e.eventId]);
        if (++handled === hangAfter) {
          process.stdout.write('hanging\n');
          await new Promise(() => {});
        }
      }
    },
  },
  { pollMs: 20, batchSize: 10 },
);
process.stdout.write('started\n');
process.on('SIGTERM', async () => {
  await running.stop();
  await db.close();
  process.exit(0);
});
