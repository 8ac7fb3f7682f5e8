// npm run bench:analytics: visitor analytics (docs/decisions/100) on the machine's PostgreSQL.
//  1. POST /api/analytics/track-visitor: views per second with 32 concurrent clients, as
//     5-view beacons and as single views, after a warm-up; then the server is stopped
//     (SIGTERM writes its buffer) and the views written are counted against those accepted.
//  2. The three admin calls over 1,000,000 page views from 100,000 visitors (seeded with
//     generate_series, the roll-ups rebuilt from them, then ANALYZE): median and p95 of
//     distinct requests (every days value, several limits), one at a time.
// Each part runs the real server in its own process on a fresh database that the bench
// creates and drops. A script, not a test.
//
//   npm run bench:analytics
//   npm run bench:analytics -- --seconds 20 --skip-reads
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { rebuildAnalyticsRollups } from '../api/analytics/rollups.rebuild.ts';
import { migrate } from '../api/db/migrate.ts';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';
import { spawnServer, stopServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { beacons } from './visitor-traffic.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    'skip-writes': { type: 'boolean', default: false },
    'skip-reads': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const CLIENTS = Number(args.clients);
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench.admin@efie.example', password: 'bench-admin-password' };

// --- helpers -----------------------------------------------------------------------------

async function freshDatabase() {
  const name = `efie_bench_analytics_${randomBytes(4).toString('hex')}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function startServer(databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-bench-analytics-'));
  // The access log (a line per request) is written by the server as in production, and dropped here.
  const server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_ENV: 'production', TRUST_PROXY: '1', ...env },
    { keepStdout: false, timeoutMs: 120_000 },
  );
  return { server, dataDir };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(server: SpawnedServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; ms: number; text: string; cookies: string[] }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          text: Buffer.concat(chunks).toString(),
          cookies: res.headers['set-cookie'] ?? [],
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function trackLoad(
  server: SpawnedServer,
  viewsPerBeacon: number,
  seconds: number,
  path = '/api/analytics/track-visitor',
) {
  const prepared = beacons(viewsPerBeacon, 50_000);
  const expected = path.startsWith('/api/analytics') ? 202 : 404;
  const latencies: number[] = [];
  let next = 0;
  let accepted = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const { body, headers } = prepared[next++ % prepared.length]!;
        const res = await request(server, 'POST', path, headers, body);
        if (res.status !== expected) throw new Error(`${path}: ${res.status} ${res.text}`);
        if (expected === 202) accepted += (JSON.parse(res.text) as { accepted: number }).accepted;
        latencies.push(res.ms);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    accepted,
    viewsPerSecond: accepted / elapsed,
    requestsPerSecond: latencies.length / elapsed,
    ...stats(latencies),
  };
}

async function benchWrites() {
  const database = await freshDatabase();
  const { server, dataDir } = await startServer(database.url);
  try {
    const warm = await trackLoad(server, 5, 3);
    const rows = [];
    let accepted = warm.accepted;
    for (const [name, perBeacon] of [
      ['5-view beacons', 5],
      ['single views', 1],
    ] as const) {
      const r = await trackLoad(server, perBeacon, SECONDS);
      accepted += r.accepted;
      rows.push(
        `| ${name} | ${CLIENTS} | ${r.requests} | ${Math.round(r.requestsPerSecond)} | **${Math.round(r.viewsPerSecond)}** | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} |`,
      );
    }
    // The floor: the same single-view bodies to a path that answers 404 after the same middleware.
    const floor = await trackLoad(server, 1, SECONDS, '/api/no-such-route');
    rows.push(
      `| (floor: same body, POST to a 404) | ${CLIENTS} | ${floor.requests} | ${Math.round(floor.requestsPerSecond)} | - | ${floor.median.toFixed(2)} | ${floor.p95.toFixed(2)} |`,
    );
    await stopServer(server.child);
    const db = postgres(database.url, { max: 1 });
    const [written] = await db.unsafe<{ views: number; visitors: number }[]>(
      'select (select count(*) from page_views)::int as views, (select count(*) from visitors)::int as visitors',
    );
    await db.end();
    console.log(
      `\nPOST /api/analytics/track-visitor, ${SECONDS} s each after a 3 s warm-up, real server on PostgreSQL (${Node()})`,
    );
    console.log('| beacon | clients | requests | req/s | views/s | median ms | p95 ms |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`views accepted ${accepted}, written after SIGTERM ${written!.views} (${written!.visitors} visitors)`);
  } finally {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

// --- admin reads on a million views --------------------------------------------------------

async function seed(url: string) {
  const db = createPostgresDatabase({ url, maxConnections: 2 });
  try {
    await migrate(db, MIGRATIONS_DIR);
    const started = performance.now();
    // 1,000,000 views of 100,000 visitors (ten each) over the last 120 days; one visitor in
    // five signed in; 2,000 property pages and a few others; places of the four markets.
    await db.execute(`
      create temporary table places (n int, country text, city text);
      insert into places values (0, 'GH', 'Accra'), (1, 'GH', 'Kumasi'), (2, 'US', 'Los Angeles'), (3, 'JM', 'Kingston'),
        (4, 'DO', 'Santo Domingo'), (5, 'US', 'unknown'), (6, 'GB', 'London'), (7, 'unknown', 'unknown');
      insert into page_views (viewed_at, visitor_id, page, user_id, ip_network, country, city)
      select now() - random() * interval '120 days',
             'visitor_' || (1763900000000 + v * 37) || '_' || left(md5(v::text), 9),
             case when r < 4 then '/' when r < 7 then '/search' when r = 7 then '/services' when r = 8 then '/login'
                  else '/property/' || md5('property' || (g::bigint * 7919 % 2000))::uuid end,
             case when v % 5 = 0 then md5('user' || v)::uuid end,
             '154.160.' || (v % 256) || '.0/24', p.country, p.city
      from generate_series(0, 999999) as g
      cross join lateral (select g % 100000 as v, g % 20 as r) as x
      join places p on p.n = x.v % 8;
      insert into users (id, email, user_type, is_admin, email_verified, created_at, version)
      select md5('user' || g)::uuid, 'user' || g || '@bench.example', (array['renter', 'owner', 'agent', 'both'])[g % 4 + 1],
             false, g % 3 > 0, now() - (g % 400) * interval '1 day', 1
      from generate_series(1, 20000) as g;
    `);
    await rebuildAnalyticsRollups(db);
    await db.query('analyze');
    const [row] = await db.query<{ views: number; visitors: number; pages: number }>(
      'select (select count(*) from page_views)::int as views, (select count(*) from visitors)::int as visitors, (select count(*) from page_daily)::int as pages',
    );
    console.log(
      `\nseeded ${row!.views} page views, ${row!.visitors} visitors (${row!.pages} page-day roll-ups), 20000 users in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await db.close();
  }
}

async function benchReads() {
  const database = await freshDatabase();
  let started: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await seed(database.url);
    started = await startServer(database.url, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const { server } = started;
    const login = await request(
      server,
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify(ADMIN),
    );
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
    const calls: [string, string[]][] = [
      ['users-analytics', ['/api/admin/users-analytics']],
      ['visitor-analytics', ['?days=7', '?days=30', '?days=90', ''].map((q) => `/api/admin/visitor-analytics${q}`)],
      [
        'recent-visitors',
        ['?limit=10', '?limit=50', '?limit=100', '?limit=200', ''].map((q) => `/api/admin/recent-visitors${q}`),
      ],
    ];
    const get = async (path: string) => {
      const res = await request(server, 'GET', path, { cookie });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.ms;
    };
    for (const [, paths] of calls) for (const path of paths) for (let i = 0; i < 5; i++) await get(path);
    console.log(`\nadmin calls over the seeded data, one at a time, 300 requests per call (${Node()})`);
    console.log('| call | requests | median ms | p95 ms |');
    console.log('|---|---|---|---|');
    const perPath: string[] = [];
    for (const [name, paths] of calls) {
      const latencies: number[] = [];
      const byPath = new Map<string, number[]>(paths.map((p) => [p, []]));
      for (let i = 0; i < 300; i++) {
        const path = paths[i % paths.length]!;
        const ms = await get(path);
        latencies.push(ms);
        byPath.get(path)!.push(ms);
      }
      const s = stats(latencies);
      console.log(`| ${name} | ${latencies.length} | ${s.median.toFixed(1)} | **${s.p95.toFixed(1)}** |`);
      if (paths.length > 1)
        for (const [path, list] of byPath)
          perPath.push(`  ${path}: median ${stats(list).median.toFixed(1)} ms, p95 ${stats(list).p95.toFixed(1)} ms`);
    }
    console.log(perPath.join('\n'));
  } finally {
    if (started) {
      await stopServer(started.server.child);
      rmSync(started.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  }
}

const Node = () => `Node ${process.version}`;

if (!args['skip-writes']) await benchWrites();
if (!args['skip-reads']) await benchReads();
await agent.destroy();
