import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, stopServer, type SpawnedServer } from '../../testing/spawn-server.ts';
import { HASH_WAIT_MS } from './password-queue.ts';

// Timing on a real server with the real scrypt cost (32 MB, ~100 ms a hash): runs in the
// `log` project, one file at a time (vitest.config.ts). Bounds are generous for a busy
// 2-core machine; before the queue, the photo waited behind every hash (25 s here).
const LOGINS = 200;
/** What a read may take while the sign-ins are in flight. */
const READ_BOUND_MS = 3_000;
const PHOTO = 'images/flood-probe.jpg';

let server: SpawnedServer;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'efie-flood-'));
  // A stored photo: reading it takes one of libuv's threads, as scrypt does.
  mkdirSync(join(dataDir, 'files', 'images'), { recursive: true });
  writeFileSync(join(dataDir, 'files', PHOTO), Buffer.alloc(256 * 1024, 7));
  server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server.child);
});

type Sample = { path: string; status: number; ms: number };

async function timed(path: string): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${server.base}${path}`);
  await res.arrayBuffer();
  return { path, status: res.status, ms: performance.now() - started };
}

describe('200 sign-in attempts at once', () => {
  it('leave health, search and photos answering, and every attempt answered 401 or 503 with Retry-After within the queue deadline', async () => {
    const reads = ['/api/health', '/api/properties/search?location=Accra', `/files/${PHOTO}`];
    for (const path of reads) expect((await timed(path)).status).toBe(200);

    const origin = server.base.replace('127.0.0.1', 'localhost');
    let inFlight = true;
    const started = performance.now();
    const logins = Promise.all(
      Array.from({ length: LOGINS }, async (_, i) => {
        // Each from an address of its own and for an account nobody has: no limiter stops one, every one hashes.
        const res = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json', 'x-forwarded-for': `10.27.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ email: `flood-${i}@example.com`, password: 'not-the-password' }),
        });
        return {
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body: await res.json(),
          ms: performance.now() - started,
        };
      }),
    ).finally(() => (inFlight = false));

    const samples: Sample[] = [];
    while (inFlight) for (const path of reads) if (inFlight) samples.push(await timed(path));
    const answers = await logins;

    // The reads were measured while the sign-ins were in flight, each path several times.
    for (const path of reads) expect(samples.filter((s) => s.path === path).length, path).toBeGreaterThanOrEqual(3);
    for (const sample of samples) {
      expect(sample.status, sample.path).toBe(200);
      expect(sample.ms, `${sample.path} took ${Math.round(sample.ms)} ms`).toBeLessThan(READ_BOUND_MS);
    }

    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([401, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.body).toEqual({
          error: 'Many people are signing in right now. Please try again in a few seconds.',
          code: 'busy',
        });
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      // Nobody waits on. Not tighter: before its turn each attempt is counted by the limiter, in a
      // database that takes one statement at a time, and on a loaded machine that alone took 10 s.
      expect(answer.ms).toBeLessThan(HASH_WAIT_MS + 25_000);
    }
  }, 120_000);
});
