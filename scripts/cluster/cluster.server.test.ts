import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../api/auth/ensure-admin.ts';
import type { RegisterAnswer } from '../../api/contract/auth.schema.ts';
import { PER_DESTINATION } from '../../api/limits/send-limits.ts';
import { registerUser, TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { makeSignatureDatabase } from '../../testing/clamav.ts';
import { listingBody } from '../../testing/listings.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { exitOf } from '../../testing/spawn-server.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { sampleMp4, videoForm } from '../../testing/videos.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { PHONE_USER_AGENT } from '../../testing/analytics.ts';

// Issue 32: two API instances on one PostgreSQL behind HAProxy (Debian's haproxy), driven through
// the balancer. `X-Efie-Instance: N` makes HAProxy send a request to instance N, so a test can
// say "the other instance" and still go through it.

let test: TestDatabase;
let smtp: SmtpTestServer;
let cluster: Cluster;
const signatures = mkdtempSync(join(tmpdir(), 'efie-cluster-clamav-'));

/** A browser-like client of the balancer, with its own cookies. */
const visitor = () =>
  createClient({ request: (path: string, init?: RequestInit) => fetch(`${cluster.base}${path}`, init) });
type Client = ReturnType<typeof visitor>;

/** The 6-digit code in the newest mail to an address, once it has arrived. */
async function codeMailedTo(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.received.filter((m) => m.to.includes(address)).at(-1);
        code = mail && /\b(\d{6})\b/.exec(mail.mail.text ?? '')?.[1];
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return code!;
}

/** Registers through the balancer and verifies the e-mail with the code that arrived by SMTP. */
async function verifiedAccount(client: Client, userType: 'owner' | 'renter' = 'owner') {
  const email = uniqueEmail('cluster');
  const res = await client.request('/api/auth/register', {
    method: 'POST',
    json: {
      firstName: 'Kofi',
      lastName: 'Boateng',
      userType,
      password: TEST_PASSWORD,
      registrationMethod: 'email',
      email,
    },
  });
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as RegisterAnswer;
  const verified = await client.request('/api/auth/verify-email-code', {
    method: 'POST',
    json: { code: await codeMailedTo(email) },
  });
  expect(verified.status).toBe(200);
  return { email, user };
}

/** Outbox messages neither sent nor given up: while any is left, a delivery may still come. */
async function unsettledOutboxRows(): Promise<number> {
  const [row] = await test.db.query<{ n: number }>(
    `select count(*)::int as n from outbox_messages where sent_at is null and failed_at is null`,
  );
  return row!.n;
}

describe('two instances behind HAProxy', () => {
  beforeAll(async () => {
    test = await createPostgresTestDatabase();
    smtp = await startSmtpTestServer();
    // Videos are scanned by the real clamscan, with a signature database made here (VERIFIED.md).
    const clamavDb = await makeSignatureDatabase(signatures);
    cluster = await startCluster({
      instances: 2,
      databaseUrl: test.url!,
      env: { SMTP_URL: smtp.url(), ANALYTICS_FLUSH_SECONDS: '3600', CLAMAV_DB: clamavDb },
    });
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
    await test?.drop();
    rmSync(signatures, { recursive: true, force: true });
  });

  it('replays an Idempotency-Key sent again to the other instance: one listing, the same answer', async () => {
    const host = visitor();
    await verifiedAccount(host);
    const body = listingBody({ title: 'Two-bedroom flat in Osu, sent twice' });
    const first = await host.request('/api/properties', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'cluster-listing-1', ...cluster.pick(1) },
    });
    expect(first.status).toBe(201);
    const again = await host.request('/api/properties', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'cluster-listing-1', ...cluster.pick(2) },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    const mine = (await (await host.request('/api/user/properties')).json()) as { title: string }[];
    expect(mine.filter((p) => p.title === body.title)).toHaveLength(1);
  });

  it('shows a listing approved on one instance in search on the other within 50 ms (ADR 260)', async () => {
    const host = visitor();
    const admin = visitor();
    await verifiedAccount(host);
    const { email } = await verifiedAccount(admin);
    const { deps } = await createTestApp(test.db);
    expect(await grantAdmin(deps, email)).toBe('granted');
    const listed = await host.request('/api/properties', {
      method: 'POST',
      json: listingBody({ title: 'Bright studio in Kumasi', city: 'Kumasi', location: 'Kumasi, Ghana' }),
      headers: cluster.pick(1),
    });
    const { id } = (await listed.json()) as { id: string };
    const search = async () =>
      (
        (await (
          await fetch(`${cluster.base}/api/properties/search?location=Kumasi`, { headers: cluster.pick(2) })
        ).json()) as {
          properties: { id: string }[];
        }
      ).properties.map((p) => p.id);
    expect(await search()).not.toContain(id);

    const approved = await admin.request(`/api/admin/properties/${id}/approve`, {
      method: 'POST',
      headers: cluster.pick(1),
    });
    expect(approved.status).toBe(200);
    // The other instance trusts what it read of the log for 50 ms, then reads it again before answering.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await search()).toContain(id);
  });

  it('shares the sign-in limit: failures spread over both instances add up', async () => {
    const owner = visitor();
    const { email } = await verifiedAccount(owner);
    const attempt = (n: number) =>
      visitor().request('/api/auth/login', {
        method: 'POST',
        json: { email, password: 'not-the-password' },
        headers: cluster.pick(n),
      });
    for (let i = 0; i < 5; i++) expect((await attempt((i % 2) + 1)).status).toBe(401);
    const refused = await attempt(2);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('shares the limit on messages to one address: reset links asked of both instances add up', async () => {
    // The account is made in-process on the same database, so that this address's registrations
    // (ten an hour, all spent by the other cases) are not touched; its code is the address's first message.
    const { app } = await createTestApp(test.db);
    const email = (await registerUser(createClient(app))).email!;
    const room = PER_DESTINATION[0].max - 1;
    for (let i = 0; i <= room; i++) {
      const res = await visitor().request('/api/auth/forgot-password', {
        method: 'POST',
        json: { email },
        headers: cluster.pick((i % 2) + 1),
      });
      // The same answer past the limit: it must not tell whether the account exists.
      expect(res.status).toBe(200);
    }
    const links = () =>
      smtp.received.filter((m) => m.to.includes(email) && (m.mail.text ?? '').includes('/reset-password?token='));
    await expect.poll(() => links().length, { timeout: 20_000 }).toBe(room);
    // Every outbox row is settled, so a link asked past the limit cannot still be on its way.
    await expect.poll(() => unsettledOutboxRows(), { timeout: 20_000 }).toBe(0);
    expect(links()).toHaveLength(room);
  });

  it('scans each video once, though both instances run the scan worker', async () => {
    const host = visitor();
    await verifiedAccount(host);
    const videoIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await host.request('/api/upload/property-videos', {
        method: 'POST',
        body: videoForm('videos', [{ bytes: sampleMp4(`tour ${i} of a flat in Osu`), name: `tour-${i}.mp4` }]),
        headers: cluster.pick((i % 2) + 1),
      });
      expect(res.status).toBe(201);
      videoIds.push(...((await res.json()) as { videos: { videoId: string }[] }).videos.map((v) => v.videoId));
    }
    const outcomes = async () =>
      test.db.query<{ stream_id: string; n: number }>(
        `select stream_id, count(*)::int as n from events
          where stream_id = any($1) and type in ('VideoScannedClean', 'VideoFoundInfected', 'VideoScanFailed')
          group by stream_id`,
        [videoIds.map((id) => `video-${id}`)],
      );
    await expect.poll(async () => (await outcomes()).length, { timeout: 60_000 }).toBe(videoIds.length);
    // Each file's row in the scan queue is done, with the verdict in its transaction: no scan is left to start.
    const scans = async () =>
      test.db.query<{ started: number; done: boolean }>(
        'select scans_started as started, done_at is not null as done from video_scans where video_id = any($1::uuid[])',
        [videoIds],
      );
    await expect
      .poll(async () => (await scans()).filter((row) => row.done).length, { timeout: 30_000 })
      .toBe(videoIds.length);
    expect(
      (await scans()).map((row) => row.started),
      'each file scanned once',
    ).toEqual(videoIds.map(() => 1));
    expect((await outcomes()).map((row) => row.n)).toEqual(videoIds.map(() => 1));
  }, 120_000);

  it('sends each message of the outbox once, though both instances run its worker', async () => {
    const addresses: string[] = [];
    // Five: the accounts made before from this one address bring it to its ten sign-ups an hour.
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail('once');
      addresses.push(email);
      const res = await visitor().request('/api/auth/register', {
        method: 'POST',
        json: {
          firstName: 'Esi',
          lastName: 'Owusu',
          userType: 'renter',
          password: TEST_PASSWORD,
          registrationMethod: 'email',
          email,
        },
      });
      expect(res.status).toBe(201);
    }
    await expect
      .poll(() => addresses.filter((a) => smtp.received.some((m) => m.to.includes(a))).length, { timeout: 20_000 })
      .toBe(addresses.length);
    // Every outbox row is settled, so no second delivery can still be on its way.
    await expect.poll(() => unsettledOutboxRows(), { timeout: 20_000 }).toBe(0);
    for (const address of addresses)
      expect(
        smtp.received.filter((m) => m.to.includes(address)),
        address,
      ).toHaveLength(1);
  });

  it('writes each instance’s buffered page views when both are stopped with SIGTERM', async () => {
    let accepted = 0;
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.base}/api/analytics/track-visitor`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': PHONE_USER_AGENT,
          ...cluster.pick((i % 2) + 1),
        },
        body: JSON.stringify({ visitorId: `visitor_1_cluster${i}`, pageUrl: '/search', pageTitle: 'Search' }),
      });
      expect(res.status).toBe(202);
      accepted += ((await res.json()) as { accepted: number }).accepted;
    }
    expect(accepted).toBe(6);
    // The buffers wait an hour (ANALYTICS_FLUSH_SECONDS): only the stop writes them.
    const [before] = await test.db.query<{ n: number }>('select count(*)::int as n from page_views');
    expect(before!.n).toBe(0);
    const exits = cluster.instances.map((server) => exitOf(server.child));
    for (const server of cluster.instances) server.child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
    const [after] = await test.db.query<{ n: number }>('select count(*)::int as n from page_views');
    expect(after!.n).toBe(6);
  });
});
