// A test fixture: runs one subscription against DATABASE_URL until told to
// stop (or killed). Its handler records each event it handles in
// `handled_by_worker` (no unique key: a repeat would show as a second row).
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase } from '../db/postgres-database.ts';
import { startSubscription } from '../../events/store/subscriptions.ts';

const db = createPostgresDatabase({ url: process.env.DATABASE_URL!, maxConnections: 2 });
await db.query('create table if not exists handled_by_worker (event_id uuid not null, at timestamptz default now())');
const running = startSubscription(
  db,
  {
    name: 'crash-test',
    async handle(tx, events) {
      for (const e of events) {
        await tx.query('insert into handled_by_worker (event_id) values ($1)', [e.eventId]);
        await sleep(5);
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
