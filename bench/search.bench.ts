// npm run bench:search: what renters do, measured from outside (issue 30).
// Distinct realistic searches (bench/search-mix.ts) from 32 clients against
// the API on the machine's PostgreSQL, plain and with one listing change a
// second, beside a bare Hono JSON route measured by the same client in the
// same run: the ratio carries across machines. A script, not a test.
//
//   npm run bench:search                              (100,000 listings, 15 s per run)
//   npm run bench:search -- --listings 1000000 --seconds 20
//   npm run bench:search -- --keep                    (keep the database for EXPLAIN)
//   npm run bench:search -- --database efie_bench_x   (reuse a kept database: no seeding)
//   npm run bench:search -- --cpu-prof /tmp/prof       (the API server writes a CPU profile there)
//
// Each run gets a fresh database on 127.0.0.1:5432 (BENCH_POSTGRES_URL names
// another server), dropped afterwards unless --keep or --database is given.
import { spawn, type ChildProcess } from 'node:child_process';
import { registerVerifiedOwner } from './bench-accounts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { systemOrigin } from '../api/commands/run-command.ts';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { loadConfig } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';
import { createSearchMix } from './search-mix.ts';
import { rebuildAndAnalyze, seedListingEvents } from './search-seed.ts';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    clients: { type: 'string', default: '32' },
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const LISTINGS = Number(args.listings);
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = args.database ?? `efie_bench_search_${process.pid}`;
const DB_URL = Object.assign(new URL(SERVER), { pathname: `/${NAME}` }).toString();
const DATA_DIR = mkdtempSync(join(tmpdir(), 'efie-bench-search-'));
const HOST = { email: 'bench.host@efie.example', password: 'bench-password-30' };
const port = () => 20_000 + Math.floor(Math.random() * 20_000);

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function prepareDatabase(): Promise<void> {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  const [exists] = await admin.unsafe('select 1 from pg_database where datname = $1', [NAME]);
  if (args.database && exists) {
    await admin.end();
    return log(`reusing database ${NAME}`);
  }
  await admin.unsafe(`create database ${NAME}`);
  await admin.end();
  const db = createPostgresDatabase({ url: DB_URL });
  try {
    const deps = await buildDeps(db, loadConfig({ DATA_DIR, DATABASE_URL: DB_URL }), silentLogger);
    const passwordHash = await deps.passwords.hash(HOST.password);
    const BENCH = systemOrigin('bench');
    const register = (email: string, firstName: string) =>
      registerVerifiedOwner(deps.store, BENCH, {
        email,
        firstName,
        passwordHash,
        phone: `+2332410${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      });
    const ownerId = await register(HOST.email, 'Host');
    const adminId = await register('bench.admin@efie.example', 'Admin');
    const started = performance.now();
    log(`seeding ${LISTINGS.toLocaleString('en-US')} listings into ${NAME} (COPY into the event log) ...`);
    await seedListingEvents(DB_URL, { listings: LISTINGS, ownerId, adminId, log });
    log(`events written in ${((performance.now() - started) / 1000).toFixed(0)} s; rebuilding the read models ...`);
    await rebuildAndAnalyze(db, log);
    log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
}

function start(argv: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(ready)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${argv.join(' ')} exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
type Answer = { status: number; body: string; ms: number; cookie?: string | undefined };
type RequestOptions = { method?: string; body?: unknown; cookie?: string };
/** A GET again when the server closed the kept-alive socket just as it was reused (its keep-alive timeout). */
const request = (p: number, path: string, options: RequestOptions = {}): Promise<Answer> =>
  send(p, path, options).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' || (options.method ?? 'GET') !== 'GET') throw error;
    return send(p, path, options);
  });
function send(p: number, path: string, { method = 'GET', body, cookie }: RequestOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const req = http.request({ host: '127.0.0.1', port: p, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0],
        }),
      );
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `clients` loops, each sending the next path as soon as its last answer arrived, for `seconds`. */
async function load(p: number, nextPath: () => string, clients: number, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const answer = await request(p, nextPath());
        if (answer.status !== 200) {
          if (failures++ === 0) console.error(`first failure: ${answer.status} ${answer.body.slice(0, 200)}`);
          continue;
        }
        latencies.push(answer.ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** One listing change a second while `during` runs: the host edits a listing's price through the API. */
async function changingListings<T>(
  p: number,
  cookie: string,
  ids: string[],
  during: () => Promise<T>,
): Promise<{ result: T; changes: number; changeP50: number }> {
  let stop = false;
  const times: number[] = [];
  let n = 0;
  const loop = (async () => {
    while (!stop) {
      const tick = performance.now();
      const id = ids[(n++ * 7919) % ids.length]!;
      const answer = await request(p, `/api/properties/${id}`, {
        method: 'PUT',
        cookie,
        body: { pricePerNight: 500 + ((n * 37) % 9000) },
      });
      if (answer.status !== 200)
        throw new Error(`listing change failed: ${answer.status} ${answer.body.slice(0, 200)}`);
      times.push(answer.ms);
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
    }
  })();
  const result = await during();
  stop = true;
  await loop;
  times.sort((a, b) => a - b);
  return { result, changes: times.length, changeP50: percentile(times, 50) };
}

const dropDatabase = async () => {
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.end();
};

const children: ChildProcess[] = [];
try {
  await prepareDatabase();
  const db = postgres(DB_URL, { max: 1, onnotice: () => {} });
  const [counts] = await db<
    { live: string; events: string }[]
  >`select (select count(*) from properties where is_live) as live, (select count(*) from events) as events`;
  const ids = (await db<{ id: string }[]>`select id from properties where is_live order by id limit 5000`).map(
    (r) => r.id,
  );
  await db.end();
  const apiPort = port();
  const barePort = apiPort + 1;
  children.push(
    await start(
      [
        ...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : []),
        ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
        '--import',
        'tsx',
        'api/server.ts',
      ],
      { PORT: String(apiPort), DATABASE_URL: DB_URL, DATA_DIR, NODE_ENV: 'production' },
      'listening',
    ),
  );
  children.push(await start(['--import', 'tsx', 'bench/bare-hono.ts'], { PORT: String(barePort) }, 'listening'));
  // Searches are measured as a running server answers them: from its in-memory index, once loaded (ADR 260).
  const loading = performance.now();
  for (;;) {
    const health = await request(apiPort, '/api/health');
    const { searchIndex } = JSON.parse(health.body) as { searchIndex?: { loaded: boolean; listings: number } };
    if (searchIndex?.loaded) {
      log(
        `search index loaded: ${searchIndex.listings.toLocaleString('en-US')} listings, ${((performance.now() - loading) / 1000).toFixed(1)} s after the server listened`,
      );
      break;
    }
    if (performance.now() - loading > 15 * 60_000) throw new Error('the search index did not load within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const login = await request(apiPort, '/api/auth/login', { method: 'POST', body: HOST });
  if (login.status !== 200 || !login.cookie)
    throw new Error(`bench host sign-in failed: ${login.status} ${login.body}`);
  const cookie = login.cookie;

  const mix = createSearchMix(30);
  const next = () => mix.next();
  log(
    `database ${NAME}: ${Number(counts!.live).toLocaleString('en-US')} live listings, ${Number(counts!.events).toLocaleString('en-US')} events; ${CLIENTS} clients, ${SECONDS} s per run; Node ${process.version}`,
  );
  log('warming up (5 s of distinct searches) ...');
  await load(apiPort, next, CLIENTS, 5);
  await load(barePort, () => '/', CLIENTS, 2);

  const rows: Record<string, string | number>[] = [];
  const row = (name: string, clients: number, r: Awaited<ReturnType<typeof load>>, extra = '') => {
    rows.push({
      run: name,
      clients,
      requests: r.requests,
      failures: r.failures,
      'per s': Math.round(r.perSecond),
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      note: extra,
    });
    log(`${name}: ${Math.round(r.perSecond)}/s, p95 ${r.p95.toFixed(1)} ms`);
    return r;
  };
  const bare = row('bare Hono JSON route', CLIENTS, await load(barePort, () => '/', CLIENTS, SECONDS));
  const plain = row('distinct searches', CLIENTS, await load(apiPort, next, CLIENTS, SECONDS));
  const changing = await changingListings(apiPort, cookie, ids, () => load(apiPort, next, CLIENTS, SECONDS));
  row(
    'distinct searches, 1 change/s',
    CLIENTS,
    changing.result,
    `${changing.changes} changes, p50 ${changing.changeP50.toFixed(0)} ms`,
  );
  row('one client, distinct searches', 1, await load(apiPort, next, 1, Math.max(3, SECONDS / 3)));
  const one = mix.next();
  await request(apiPort, one);
  row('cached repeats of one search', CLIENTS, await load(apiPort, () => one, CLIENTS, Math.max(3, SECONDS / 3)));
  console.table(rows);
  const [l1, l5] = loadavg();
  log(
    `searches/s vs bare Hono: ${((plain.perSecond / bare.perSecond) * 100).toFixed(1)}% (bare ${Math.round(bare.perSecond)}/s); ${mix.count()} distinct searches sent; load average ${l1!.toFixed(2)} (1 min), ${l5!.toFixed(2)} (5 min) on ${cpus().length} cores`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  agent.destroy();
  if (args.keep || args.database) log(`database kept: ${DB_URL}`);
  else await dropDatabase().catch((error: unknown) => console.error(`could not drop ${NAME}: ${String(error)}`));
  rmSync(DATA_DIR, { recursive: true, force: true });
}
