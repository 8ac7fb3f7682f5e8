// Part of npm run stress:events: keeps transactions open in another database of
// the same server, one after another, each holding a transaction id for 20 to
// 300 ms (now and then 1.5 s). The horizon is cluster-wide, so each one holds
// back what the stress subscriptions may read, though it never touches their database.
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';

// Ends with the harness, even one killed with -9: it must not hold the server's horizon back alone.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(1), 500).unref();
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
await sql`create table if not exists held (at timestamptz default clock_timestamp())`;
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
process.stdout.write('started\n');
while (!stopping) {
  const holdMs = Math.random() < 0.05 ? 1500 : 20 + Math.random() * 280;
  await sql.begin(async (tx) => {
    await tx`insert into held default values`; // takes a transaction id
    await sleep(holdMs);
  });
  await sleep(Math.random() * 30);
}
await sql.end({ timeout: 5 });
process.exit(0);
