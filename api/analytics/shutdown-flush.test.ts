import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import { logLines, spawnServer, stopServer, type SpawnedServer } from '../../testing/spawn-server.ts';
import { PHONE_USER_AGENT } from '../../testing/analytics.ts';

const running: SpawnedServer[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the page-view buffer on shutdown', () => {
  it('writes the views it holds when the server is stopped with SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'efie-analytics-'));
    dirs.push(dataDir);
    // The buffer's timer waits an hour: only the stop can write these views (with the default
    // second, a timer flush before SIGTERM would pass this test with no flush on stop at all).
    const server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: '1', ANALYTICS_FLUSH_SECONDS: '3600' });
    running.push(server);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.base}/api/analytics/track-visitor`, {
        method: 'POST',
        // A browser's user agent: Node's own ("node") is a bot to isbot, and bots are not counted.
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'x-forwarded-for': '8.8.8.8',
          'user-agent': PHONE_USER_AGENT,
        },
        body: JSON.stringify({
          visitorId: `visitor_1_shutdown${i}`,
          views: [{ pageUrl: '/' }, { pageUrl: '/search' }],
        }),
      });
      expect(res.status).toBe(202);
    }
    await stopServer(server.child);
    expect(server.child.exitCode).toBe(0);
    expect(logLines(server.output()).find((line) => line.message === 'page views flushed')).toMatchObject({
      written: 6,
    });

    const db = await createPgliteDatabase(join(dataDir, 'pg'));
    try {
      const [row] = await db.query<{ views: number; visitors: number }>(
        'select (select count(*) from page_views)::int as views, (select count(*) from visitors)::int as visitors',
      );
      expect(row).toEqual({ views: 6, visitors: 3 });
    } finally {
      await db.close();
    }
  }, 90_000);
});
