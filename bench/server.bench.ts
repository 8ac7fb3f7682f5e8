// npm run bench:server: the server's floor against the framework's (issue 32). The compiled
// server (dist/api/server.js, NODE_ENV=production, as `npm start` runs it) on a fresh database,
// beside a bare Hono server (bench/bare-hono.ts) measured by the same load generator in the same
// run, so that the ratios carry across machines. autocannon, 32 connections, a warm-up before each
// measure. Page views are distinct phones' beacons, and every accepted one is counted back from
// the database after a SIGTERM. Also: the start time, and the memory idle and under load.
// A script, not a test.
//
//   npm run bench:server                          (PostgreSQL on 127.0.0.1:5432, 10 s a measure)
//   npm run bench:server -- --seconds 20 --connections 64
//   npm run bench:server -- --pglite              (the embedded database)
//   npm run bench:server -- --skip-build          (reuse dist/)
//   npm run bench:server -- --pin                 (the servers on CPU 1, autocannon on CPU 0: on a
//                                                  shared 2-core machine the only repeatable figures)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../api/db/open-database.ts';
import { freePort } from '../testing/free-port.ts';
import { cpuMicros, residentBytes, spawnServer, stopServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { beacons } from './visitor-traffic.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    pglite: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
  },
});

/** With --pin: every thread of the process on one CPU (taskset, util-linux). */
function pinTo(cpu: number, pid: number) {
  if (!args.pin) return;
  const pinned = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(cpu), String(pid)], {
    stdio: 'ignore',
  });
  if (pinned.status !== 0) throw new Error(`taskset could not pin process ${pid} to CPU ${cpu}`);
}
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What a phone's browser sends with every request. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-GH,en;q=0.9' };

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function freshDatabase() {
  const name = `efie_bench_server_${randomBytes(4).toString('hex')}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function startBareHono() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`bare Hono exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

type Target = {
  name: string;
  base: () => string;
  /** The server's process, whose CPU time a request is measured. */
  pid: () => number;
  expected: number;
  request: autocannon.Request;
  /** Beacons accepted (page views), summed from the answers. */
  accepted?: { views: number };
};

/** Peak resident memory of a process while `work` runs, sampled every 50 ms. */
async function peakMemory<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(target: Target, seconds: number) {
  const cpuBefore = cpuMicros(target.pid());
  const result = await autocannon({
    url: target.base(),
    connections: CONNECTIONS,
    duration: seconds,
    requests: [target.request],
  });
  const wrong = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => Number(status) !== target.expected)
    .map(([status, { count }]) => `${count} × ${status}`);
  if (wrong.length > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${target.name}: expected only ${target.expected}, got ${wrong.join(', ') || 'none other'}; ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    // Steadier than requests a second on a shared machine, where the load generator competes for the same cores.
    cpuPerRequest: (cpuMicros(target.pid()) - cpuBefore) / result.requests.total,
    perSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function pageViews(accepted: { views: number }): autocannon.Request {
  const prepared = beacons(1, 200_000);
  let next = 0;
  return {
    method: 'POST',
    path: '/api/analytics/track-visitor',
    setupRequest: (request) => {
      const { body, headers } = prepared[next++ % prepared.length]!;
      return { ...request, body, headers: { ...BROWSER, ...headers } };
    },
    onResponse: (status, body) => {
      if (status === 202) accepted.views += (JSON.parse(body) as { accepted: number }).accepted;
    },
  };
}

async function countPageViews(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const [row] = await db.query<{ views: number }>('select count(*)::int as views from page_views');
    return row!.views;
  } finally {
    await db.close();
  }
}

async function main() {
  if (!args['skip-build'] || !existsSync('dist/api/server.js')) {
    log('building (npm run build) ...');
    const built = spawnSync('npm', ['run', 'build', '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  pinTo(0, process.pid);
  const database = args.pglite ? undefined : await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-bench-server-'));
  const bare = await startBareHono();
  pinTo(1, bare.child.pid!);
  let efie: SpawnedServer | undefined;
  try {
    const started = performance.now();
    efie = await spawnServer(
      {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        TRUST_PROXY: '1',
        PUBLIC_ORIGIN: 'http://127.0.0.1',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      // The access log goes to a file, as production's would.
      { compiled: true, logFile: openSync(join(dataDir, 'server.log'), 'a'), timeoutMs: 120_000 },
    );
    const startMs = performance.now() - started;
    pinTo(1, efie.child.pid!);
    // Settled: the search index and the start-up checks have run.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = residentBytes(efie.child.pid!);
    const efieBase = efie.base;
    const accepted = { views: 0 };
    const targets: Target[] = [
      {
        name: 'bare Hono, a JSON 404',
        base: () => bare.base,
        pid: () => bare.child.pid!,
        expected: 404,
        request: { method: 'GET', path: '/api/nope', headers: BROWSER },
      },
      {
        name: 'Efie, `/api/nope` (a JSON 404, no database)',
        base: () => efieBase,
        pid: () => efie!.child.pid!,
        expected: 404,
        request: { method: 'GET', path: '/api/nope', headers: BROWSER },
      },
      {
        name: 'Efie, `/api/health`',
        base: () => efieBase,
        pid: () => efie!.child.pid!,
        expected: 200,
        request: { method: 'GET', path: '/api/health', headers: BROWSER },
      },
      {
        name: 'Efie, `/manifest.webmanifest` (a static file)',
        base: () => efieBase,
        pid: () => efie!.child.pid!,
        expected: 200,
        request: { method: 'GET', path: '/manifest.webmanifest', headers: BROWSER },
      },
      {
        name: 'single page views, `track-visitor`',
        base: () => efieBase,
        pid: () => efie!.child.pid!,
        expected: 202,
        request: pageViews(accepted),
        accepted,
      },
    ];
    const rows: ({ name: string } & Awaited<ReturnType<typeof measure>>)[] = [];
    const { peak } = await peakMemory(efie.child.pid!, async () => {
      for (const target of targets) {
        log(`${target.name}: ${WARMUP} s warm-up, then ${SECONDS} s`);
        await measure(target, WARMUP);
        rows.push({ name: target.name, ...(await measure(target, SECONDS)) });
      }
    });
    // SIGTERM writes the analytics buffer; then every accepted view must be in the database.
    const stopping = performance.now();
    await stopServer(efie.child);
    const stopMs = performance.now() - stopping;
    const written = await countPageViews(database?.url, dataDir);

    const floor = rows[0]!.perSecond;
    console.log(
      `\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s a measure after ${WARMUP} s of warm-up; Efie compiled, NODE_ENV=production, ${database ? 'PostgreSQL' : 'PGlite'}; Node ${process.version}${args.pin ? '; servers pinned to CPU 1, autocannon to CPU 0' : ''}`,
    );
    console.log('| measure | requests/s | × bare Hono | server CPU µs a request | median ms | p99 ms |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows)
      console.log(
        `| ${row.name} | ${Math.round(row.perSecond).toLocaleString('en')} | ${(row.perSecond / floor).toFixed(2)} | ${Math.round(row.cpuPerRequest)} | ${row.p50} | ${row.p99} |`,
      );
    // autocannon stops at its deadline without reading the answers then in flight: up to one a
    // connection, twice (warm-up and measure), accepted by the server but not counted here.
    const inFlight = 2 * CONNECTIONS;
    const lost = accepted.views - written;
    console.log(
      `\npage views accepted and counted here ${accepted.views.toLocaleString('en')} (warm-up included); in the database after SIGTERM ${written.toLocaleString('en')}: ${lost > 0 ? `${lost} LOST` : `none lost (${-lost} answered after the measure ended, at most ${inFlight})`}`,
    );
    console.log(
      `start ${(startMs / 1000).toFixed(1)} s (spawn to a healthy answer); memory idle ${MB(idle)} MB, peak under load ${MB(peak)} MB; SIGTERM to exit ${Math.round(stopMs)} ms`,
    );
    if (lost > 0 || -lost > inFlight) process.exitCode = 1;
  } finally {
    efie?.child.kill('SIGKILL');
    bare.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

await main();
