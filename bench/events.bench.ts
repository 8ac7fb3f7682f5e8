// npm run bench:events: the event store's append throughput and latency with 1
// and 8 concurrent writers, then a full rebuild, on PGlite and on the machine's
// PostgreSQL. A script, not a test: it prints figures for the README.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../api/db/migrate.ts';
import { createPgliteDatabase } from '../api/db/pglite-database.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';
import { createPostgresTestDatabase } from '../testing/test-database.ts';
import { createEventStore, type RecordedEvent } from '../events/store/event-store.ts';
import { createProjectionSet, type Projection } from '../events/store/projections.ts';
import type { Database, SqlClient } from '../events/store/sql.ts';

const { values: args } = parseArgs({
  options: {
    commands: { type: 'string', default: '100000' },
    streams: { type: 'string', default: '10000' },
    only: { type: 'string' },
  },
});
const COMMANDS = Number(args.commands);
const STREAMS = Number(args.streams);

/** One row per stream, written as one multi-row upsert per batch: the shape of the real read models. */
const streamCounter: Projection = {
  name: 'bench-stream-counter',
  tables: ['bench_stream_counter'],
  handles: ['CounterIncremented'],
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    const latest = new Map<string, { id: string; version: number; total: number }>();
    for (const e of events)
      latest.set(e.streamId, { id: e.streamId, version: e.streamVersion, total: (e.data as { total: number }).total });
    await tx.query(
      `insert into bench_stream_counter (id, version, total)
       select id, version, total from jsonb_to_recordset(($1::jsonb)->'rows') as r(id text, version int, total int)
       on conflict (id) do update set version = excluded.version, total = excluded.total
       where bench_stream_counter.version < excluded.version`,
      [{ rows: [...latest.values()] }],
    );
  },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Mode = 'append only' | 'with read model';

async function appendRun(db: Database, writers: number, streamPrefix: string, mode: Mode) {
  const projections = createProjectionSet(mode === 'with read model' ? [streamCounter] : []);
  const store = createEventStore(db, { project: projections.applyInline, projectsAny: projections.handlesAny });
  const versions = new Map<string, number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  // Each writer takes the next command; stream i % STREAMS, so writers rarely meet on one stream
  // and, when they do, the exact expected version makes the loser retry on the fresh version.
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (;;) {
        const n = next++;
        if (n >= COMMANDS) return;
        const streamId = `${streamPrefix}-${n % STREAMS}`;
        for (;;) {
          const version = versions.get(streamId) ?? 0;
          const t0 = performance.now();
          try {
            await store.append(streamId, version === 0 ? 'no_stream' : version, [
              { type: 'CounterIncremented', data: { total: version + 1 } },
            ]);
            latencies.push(performance.now() - t0);
            versions.set(streamId, version + 1);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== 'version_conflict') throw error;
            versions.set(streamId, await store.streamVersion(streamId));
          }
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: COMMANDS / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function benchOne(label: string, db: Database) {
  await migrate(db, MIGRATIONS_DIR);
  await db.query(
    'create table if not exists bench_stream_counter (id text primary key, version int not null, total int not null)',
  );
  const lines: string[] = [];
  for (const mode of ['append only', 'with read model'] as const) {
    for (const writers of [1, 8]) {
      const r = await appendRun(db, writers, `${mode === 'append only' ? 'a' : 'p'}${writers}`, mode);
      lines.push(
        `${label.padEnd(10)} ${mode.padEnd(15)} ${String(writers).padStart(2)} writer(s): ${Math.round(r.perSecond).toLocaleString('en')} appends/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
      );
      console.log(lines[lines.length - 1]);
    }
  }
  const started = performance.now();
  const { events } = await createProjectionSet([streamCounter]).rebuild(db);
  const seconds = (performance.now() - started) / 1000;
  const [check] = await db.query<{ n: number; total: number }>(
    'select count(*)::int8 as n, sum(total)::int8 as total from bench_stream_counter',
  );
  lines.push(
    `${label.padEnd(10)} rebuild: ${events.toLocaleString('en')} events in ${seconds.toFixed(2)} s = ${Math.round(events / seconds).toLocaleString('en')} events/s (${check?.n} rows)`,
  );
  console.log(lines[lines.length - 1]);
  return lines;
}

console.log(
  `bench:events: ${COMMANDS.toLocaleString('en')} single-event appends over ${STREAMS.toLocaleString('en')} streams per run;` +
    ` "append only" is the event store alone, "with read model" also upserts a read-model row in the append's transaction`,
);
if (args.only !== 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'efie-bench-'));
  const db = await createPgliteDatabase(join(dir, 'pg'));
  try {
    await benchOne('PGlite', db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
if (args.only !== 'pglite') {
  const t = await createPostgresTestDatabase();
  try {
    await benchOne('PostgreSQL', t.db);
  } finally {
    await t.drop();
  }
}
