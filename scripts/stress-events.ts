// npm run stress:events [-- --iterations N]: the event store's subscriber guarantees
// under contention, on the machine's PostgreSQL (or --url). A script, not a test.
//
// For the whole run it starts two CPU burners (`node -e 'for(;;){}'`, one per core
// here), a process that keeps transactions open in another database of the same
// server (they hold the cluster-wide horizon back), and two processes running the
// same two subscriptions, racing for their checkpoints: one reads every event, one
// only two types; a few of their batches fail and roll back. Each iteration, 8
// writers mix single appends at an exact version, multi-event appends, appends
// with shared idempotency keys, longer transactions that write elsewhere before
// appending to two streams, and appends that roll back. Every few iterations one
// subscriber process is killed (SIGKILL) mid-way and started again. Then it
// checks (scripts/stress/checks.ts):
// - every committed event was handled exactly once by each subscription that reads it;
// - no rolled-back event was handled;
// - each stream's events arrived in version order.
// It prints the lag from a writer's commit to the handling, p50 and p99.
// It makes its own databases and drops them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { migrate } from '../api/db/migrate.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';
import { approachPowerOfTen, nextTransactionId } from '../testing/transaction-ids.ts';
import { createEventStore } from '../events/store/event-store.ts';
import { checkIteration, progress } from './stress/checks.ts';
import { createRandom } from './seed/photos.ts';
import { runWorkload } from './stress/workload.ts';

const { values: args } = parseArgs({
  options: {
    iterations: { type: 'string', default: '10' },
    writers: { type: 'string', default: '8' },
    ops: { type: 'string', default: '100' },
    streams: { type: 'string', default: '12' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    url: { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'kill-every': { type: 'string', default: '5' },
    'fail-rate': { type: 'string', default: '0.02' },
    'cross-power-of-ten': { type: 'boolean', default: false },
    'wait-seconds': { type: 'string', default: '120' },
  },
});
const ITERATIONS = Number(args.iterations);
const SEED = Number(args.seed);
const WAIT_MS = Number(args['wait-seconds']) * 1000;
const KILL_EVERY = Number(args['kill-every']);

const children = new Set<ChildProcess>();
const tsx = (script: string, env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
const started = (child: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve());
    child.once('exit', (code) => reject(new Error(`a helper process exited (${code}) before starting`)));
  });
const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;

const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;
const names = { main: `efie_stress_${suffix}`, other: `efie_stress_other_${suffix}` };
const admin = postgres(args.url, { max: 1, onnotice: () => {} });
const urlOf = (name: string) => Object.assign(new URL(args.url), { pathname: `/${name}` }).toString();

async function cleanUp() {
  for (const child of [...children]) child.kill('SIGKILL');
  await Promise.all([...children].map(exited));
  for (const name of [names.other, names.main]) {
    await admin
      .unsafe(`drop database if exists ${name} with (force)`)
      .catch((error: unknown) => console.error(`could not drop ${name}:`, error));
  }
  await admin.end({ timeout: 5 });
}
// Output piped into `head` may close early: keep going, so the clean-up still runs.
process.stdout.on('error', () => {});
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  console.log('\ninterrupted: stopping helpers and dropping the databases');
});

async function main(): Promise<number> {
  await admin.unsafe(`create database ${names.main}`);
  await admin.unsafe(`create database ${names.other}`);
  const db = createPostgresDatabase({ url: urlOf(names.main), maxConnections: 16 });
  try {
    await migrate(db, MIGRATIONS_DIR);
    await db.execute(`
      create table stress_side (note text);
      create table stress_handled (
        seq bigserial primary key, subscription text not null, worker text not null,
        event_id uuid not null, stream_id text not null, stream_version int not null,
        handled_at timestamptz not null default clock_timestamp());
      create index on stress_handled (subscription, stream_id)`);
    if (args['cross-power-of-ten']) {
      const power = await approachPowerOfTen(db, 300);
      console.log(`transaction ids now just below ${power.toLocaleString('en')}: the first iteration crosses it`);
    }

    // `for(;;){}`, which now and then checks that this process still runs: a harness killed with -9 leaves no burner behind.
    const burner =
      'const parent = process.ppid; for (let i = 1; ; i++) if (i % 2e8 === 0 && process.ppid !== parent) process.exit();';
    for (let i = 0; i < 2; i++) track(spawn(process.execPath, ['-e', burner], { stdio: 'ignore' }));
    const holder = track(tsx('scripts/stress/horizon-holder.ts', { DATABASE_URL: urlOf(names.other) }));
    const subscriber = (n: number) =>
      track(
        tsx('scripts/stress/subscriber.ts', {
          DATABASE_URL: urlOf(names.main),
          WORKER: `w${n}`,
          FAIL_RATE: args['fail-rate'],
        }),
      );
    const subscribers = [subscriber(1), subscriber(2)];
    await Promise.all([started(holder), ...subscribers.map(started)]);
    console.log(
      `stress:events: ${ITERATIONS} iterations of ${args.writers} writers x ${args.ops} operations over ${args.streams} streams, seed ${SEED}; ` +
        `2 CPU burners, 2 subscriber processes, transactions held open in another database; server ${new URL(args.url).host}, next transaction id ${await nextTransactionId(db)}`,
    );

    const store = createEventStore(db);
    const allLags: number[] = [];
    let violationsTotal = 0;
    let eventsTotal = 0;
    let kills = 0;
    const runStarted = performance.now();
    for (let it = 1; it <= ITERATIONS && !interrupted; it++) {
      const t0 = performance.now();
      const prefix = `i${it}-`;
      const rnd = createRandom(SEED + it);
      // Every few iterations, kill one subscriber mid-batch (most likely) while the writers run, and start it again.
      let restart: Promise<void> = Promise.resolve();
      if (KILL_EVERY > 0 && it % KILL_EVERY === 0) {
        const victim = rnd.int(0, 1);
        restart = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 200 + rnd.int(0, 1499)));
          subscribers[victim]!.kill('SIGKILL');
          await exited(subscribers[victim]!);
          kills++;
          subscribers[victim] = subscriber(victim + 1);
          await started(subscribers[victim]!);
        })();
      }
      const ledger = await runWorkload(db, store, {
        writers: Number(args.writers),
        opsPerWriter: Number(args.ops),
        streams: Number(args.streams),
        prefix,
        seed: SEED + it,
      });
      await restart;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const p = await progress(db, prefix);
        if (
          (p.all_handled >= p.all_expected && p.typed_handled >= p.typed_expected) ||
          Date.now() > deadline ||
          interrupted
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const { violations, lags } = await checkIteration(db, prefix, ledger);
      violationsTotal += violations.length;
      eventsTotal += ledger.committed.size;
      allLags.push(...lags);
      const sorted = lags.sort((a, b) => a - b);
      const c = ledger.counts;
      console.log(
        `iteration ${it}/${ITERATIONS}: ${ledger.committed.size} events committed (${c.single} single, ${c.multi} multi, ${c.idempotent} keyed, ${c.long} long, ` +
          `${c.rolledBack} rolled back, ${c.deadlocked} deadlocked, ${c.gaveUp} gave up), ${violations.length} violations, lag p50 ${ms(percentile(sorted, 50))} p99 ${ms(percentile(sorted, 99))}, ` +
          `${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      for (const v of violations.slice(0, 20)) console.log(`  VIOLATION ${v}`);
      if (violations.length > 20) console.log(`  ... and ${violations.length - 20} more`);
    }
    const sorted = allLags.sort((a, b) => a - b);
    console.log(
      `\nstress:events: ${ITERATIONS} iterations, ${eventsTotal.toLocaleString('en')} events, ${violationsTotal} violations, ${kills} subscriber processes killed; ` +
        `lag from commit to handling p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}; ` +
        `${((performance.now() - runStarted) / 60_000).toFixed(1)} min, next transaction id ${await nextTransactionId(db)}`,
    );
    return violationsTotal > 0 || interrupted ? 1 : 0;
  } finally {
    await db.close();
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('stress:events failed:', error);
} finally {
  await cleanUp();
}
process.exit(code);
