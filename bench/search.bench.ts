// npm run bench:search: search latency and throughput on 100,000 live listings
// on the machine's PostgreSQL, at 1 and 32 concurrent clients, with
// GET /api/health measured in the same run as the floor. A script, not a test.
//
//   npm run bench:search                         (database efie_bench, seeded on first use)
//   npm run bench:search -- --seconds 20 --fresh (drop and seed again)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { loadConfig } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';
import { seedDatabase } from '../scripts/seed/seed.ts';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});
const LISTINGS = Number(args.listings);
const SECONDS = Number(args.seconds);
const SERVER_URL = args.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/efie_bench';
const DATA_DIR = join(tmpdir(), 'efie-bench-data');
const PORT = 3900 + Math.floor(Math.random() * 90);

/** The typical searches: a city, a type with a price range, three amenities, page 5. */
const SEARCHES = [
  '/api/properties/search?location=Accra',
  '/api/properties/search?propertyType=house&minPrice=2000&maxPrice=8000&timePeriod=month',
  '/api/properties/search?amenities=wifi,parking,air_conditioning',
  '/api/properties/search?page=5',
];

async function prepareDatabase() {
  const url = new URL(SERVER_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(SERVER_URL);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  if (args.fresh) await admin.unsafe(`drop database if exists ${name} with (force)`);
  const [exists] = await admin.unsafe('select 1 from pg_database where datname = $1', [name]);
  if (!exists) await admin.unsafe(`create database ${name}`);
  await admin.end();
  mkdirSync(DATA_DIR, { recursive: true });
  const db = createPostgresDatabase({ url: SERVER_URL });
  const deps = await buildDeps(db, loadConfig({ DATA_DIR, DATABASE_URL: SERVER_URL }), silentLogger);
  const [row] = await db.query<{ live: number }>('select count(*)::int8 as live from properties where is_live');
  if ((row?.live ?? 0) < LISTINGS) {
    if ((row?.live ?? 0) > 0) throw new Error(`${name} has ${row?.live} live listings, not ${LISTINGS}: run with --fresh to seed it again`);
    console.log(`seeding ${LISTINGS} listings into ${name} ...`);
    const started = performance.now();
    await seedDatabase(deps, { listings: LISTINGS, allLive: true, log: (line) => process.stdout.write(`\r${line}        `) });
    console.log(`\nseeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const [after] = await db.query<{ live: number; events: number }>(
    'select (select count(*) from properties where is_live)::int8 as live, (select count(*) from events)::int8 as events',
  );
  await db.query('vacuum analyze');
  await db.close();
  return after!;
}

function startServer(): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: SERVER_URL, DATA_DIR, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(() => child.kill('SIGTERM'));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port: PORT, path, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The same four searches, each made distinct by a price bound that filters nothing: no answer comes from the cache. */
function uncached(n: number): string {
  const path = SEARCHES[n % SEARCHES.length]!;
  // Prices are whole multiples of 50, so 1999.<n> as a lower bound keeps the same listings as 2000.
  if (path.includes('minPrice=2000')) return path.replace('minPrice=2000', `minPrice=1999.${n}`);
  return `${path}${path.includes('?') ? '&' : '?'}maxPrice=${900_000_000 + n}`;
}

async function load(paths: string[] | ((n: number) => string), clients: number, seconds: number) {
  const pathOf = typeof paths === 'function' ? paths : (n: number) => paths[n % paths.length]!;
  const latencies: number[] = [];
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) latencies.push(await get(pathOf(next++)));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const data = await prepareDatabase();
console.log(`database: ${data.live} live listings, ${data.events} events; ${SECONDS} s per run; Node ${process.version}`);
const stop = await startServer();
try {
  for (const path of SEARCHES) await get(path);
  await load(SEARCHES, 4, 2);
  const rows: Record<string, string | number>[] = [];
  for (const clients of [1, 32]) {
    const targets: [string, string[] | ((n: number) => string)][] = [
      ['GET /api/health', ['/api/health']],
      ['search (4 typical queries)', SEARCHES],
      ['search, no cache hits', uncached],
    ];
    for (const [name, paths] of targets) {
      const r = await load(paths, clients, SECONDS);
      rows.push({ target: name, clients, requests: r.requests, 'req/s': Math.round(r.rps), 'p50 ms': r.p50.toFixed(2), 'p95 ms': r.p95.toFixed(2) });
    }
  }
  for (const path of SEARCHES) {
    const r = await load([path], 1, Math.max(2, SECONDS / 4));
    rows.push({ target: path.replace('/api/properties/search', 'search'), clients: 1, requests: r.requests, 'req/s': Math.round(r.rps), 'p50 ms': r.p50.toFixed(2), 'p95 ms': r.p95.toFixed(2) });
  }
  console.table(rows);
  const at = (target: string, clients: number) => rows.find((r) => String(r.target).startsWith(target) && r.clients === clients)!;
  const ratio = Number(at('search (4', 32)['p95 ms']) / Number(at('GET /api/health', 32)['p95 ms']);
  console.log(`search p95 / health p95 at 32 clients: ${ratio.toFixed(2)} (target at most 3); searches per second at 32 clients: ${at('search (4', 32)['req/s']} (target at least 1500); without cache hits: ${at('search, no', 32)['req/s']} per second, p95 ${at('search, no', 32)['p95 ms']} ms`);
} finally {
  stop();
  agent.destroy();
}
