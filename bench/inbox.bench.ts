// npm run bench:inbox: a host with 10,000 conversations opens their inbox (issue 34's goal: p95 at
// most 50 ms). One host with 20 live listings, 500 renters each writing about every listing (10,000
// threads, the host answering every other one), on the machine's PostgreSQL, then ANALYZE. Measured
// through the app (Hono's routing, the session, the queries) without a socket: the inbox's pages 1
// to 3, the unread count, and a renter's inbox, in a shuffled order. A script, not a test.
//
//   npm run bench:inbox                              (10,000 threads, 200 requests of each kind)
//   npm run bench:inbox -- --renters 100 --requests 50
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.ts';
import { registerVerifiedOwner } from './bench-accounts.ts';
import { runCommand, systemOrigin } from '../api/commands/run-command.ts';
import { conversationCommands, conversationIdOf } from '../api/conversations/conversation-commands.ts';
import { loadConfig } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';
import { seedListing } from '../testing/listings.ts';
import { createPostgresTestDatabase } from '../testing/test-database.ts';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '20' },
    renters: { type: 'string', default: '500' },
    requests: { type: 'string', default: '200' },
  },
});
const LISTINGS = Number(args.listings);
const RENTERS = Number(args.renters);
const REQUESTS = Number(args.requests);
const PASSWORD = 'bench-password-34';
const BENCH = systemOrigin('bench');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const t = await createPostgresTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'efie-bench-inbox-'));
try {
  const deps = await buildDeps(t.db, loadConfig({ DATA_DIR: dataDir, DATABASE_URL: t.url }), silentLogger);
  const app = createApp(deps);
  const passwordHash = await deps.passwords.hash(PASSWORD);
  const register = (email: string, firstName: string) =>
    registerVerifiedOwner(deps.store, BENCH, { email, firstName, passwordHash });
  const hostEmail = 'bench.inbox.host@efie.example';
  const hostId = await register(hostEmail, 'Host');
  const listings: string[] = [];
  for (let i = 0; i < LISTINGS; i++) listings.push(await seedListing(deps.store, hostId, { title: `Flat ${i + 1}` }));
  const renters: { id: string; email: string }[] = [];
  for (let i = 0; i < RENTERS; i++) {
    const email = `bench.inbox.renter${i}@efie.example`;
    renters.push({ id: await register(email, `Renter${i}`), email });
  }
  const started = performance.now();
  log(`seeding ${(LISTINGS * RENTERS).toLocaleString('en-US')} conversations through the runner ...`);
  let n = 0;
  for (const renter of renters) {
    for (const listingId of listings) {
      const conversationId = conversationIdOf(listingId, renter.id);
      const at = new Date(Date.now() - (LISTINGS * RENTERS - n) * 60_000).toISOString();
      await runCommand(deps.store, BENCH, conversationCommands, conversationId, {
        type: 'StartConversation',
        conversationId,
        listingId,
        hostId,
        actor: { id: renter.id, isAdmin: false },
        messageId: randomUUID(),
        text: `Hello, is flat ${listingId.slice(0, 4)} still available? I can come on Saturday.`,
        at,
      });
      if (n % 2 === 0)
        await runCommand(deps.store, BENCH, conversationCommands, conversationId, {
          type: 'SendMessage',
          actor: { id: hostId, isAdmin: false },
          messageId: randomUUID(),
          text: 'Yes, it is. Saturday at 10 suits me.',
          at,
        });
      n++;
    }
  }
  log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; ANALYZE`);
  await t.db.query('analyze');

  const signIn = async (email: string) => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  };
  const hostCookie = await signIn(hostEmail);
  const renterCookies = await Promise.all(renters.slice(0, 20).map((r) => signIn(r.email)));
  type Kind =
    | 'host inbox, page 1'
    | 'host inbox, page 2'
    | 'host inbox, page 3'
    | 'host unread count'
    | 'a renter inbox';
  const calls: { kind: Kind; path: string; cookie: string }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    for (const page of [1, 2, 3] as const)
      calls.push({ kind: `host inbox, page ${page}`, path: `/api/conversations?page=${page}`, cookie: hostCookie });
    calls.push({ kind: 'host unread count', path: '/api/conversations/unread', cookie: hostCookie });
    calls.push({
      kind: 'a renter inbox',
      path: '/api/conversations',
      cookie: renterCookies[i % renterCookies.length]!,
    });
  }
  calls.sort(() => Math.random() - 0.5);
  const times = new Map<Kind, number[]>();
  for (const call of calls) {
    const t0 = performance.now();
    const res = await app.request(call.path, { headers: { cookie: call.cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${call.path} answered ${res.status}`);
    times.set(call.kind, [...(times.get(call.kind) ?? []), performance.now() - t0]);
  }
  console.log(
    `\n${(LISTINGS * RENTERS).toLocaleString('en-US')} conversations of one host, PostgreSQL, ${REQUESTS} requests of each kind, shuffled; Node ${process.version}`,
  );
  console.log('| request | median ms | p95 ms | max ms |\n|---|---|---|---|');
  for (const [kind, ms] of times) {
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`,
    );
  }
} finally {
  await t.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
