import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from './db/pglite-database.ts';
import { exitOf, logLines, spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { PHONE_USER_AGENT } from '../testing/analytics.ts';

const running: SpawnedServer[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 connection, kept alive, so that the test sends a body in two halves. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

describe('stopping the server (SIGTERM)', () => {
  it('takes no new connection, answers the request in flight, writes its page view, closes the kept-alive connection and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'efie-shutdown-'));
    dirs.push(dataDir);
    const server = await spawnServer({ DATA_DIR: dataDir, TRUST_PROXY: '1', ANALYTICS_FLUSH_SECONDS: '3600' });
    running.push(server);
    const body = JSON.stringify({ visitorId: 'visitor_1_drain', pageUrl: '/search', pageTitle: 'Search' });
    const connection = openConnection(server.port);
    connection.socket.write(
      [
        'POST /api/analytics/track-visitor HTTP/1.1',
        'Host: 127.0.0.1',
        'Connection: keep-alive',
        'Content-Type: text/plain;charset=UTF-8',
        `User-Agent: ${PHONE_USER_AGENT}`,
        'X-Forwarded-For: 154.160.1.1',
        `Content-Length: ${Buffer.byteLength(body)}`,
        // The server answers "100 Continue" once it has read the headers: from then on the request is in flight.
        'Expect: 100-continue',
        '',
        body.slice(0, 20),
      ].join('\r\n'),
    );
    await expect.poll(() => connection.received()).toMatch(/^HTTP\/1\.1 100 Continue/);
    const exited = exitOf(server.child);
    server.child.kill('SIGTERM');
    await expect.poll(() => logLines(server.output()).some((line) => line.message === 'shutting down')).toBe(true);

    // The listening socket is closed: a new visitor is refused at once, not left hanging.
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
    // The request begun before the stop is still read and answered.
    connection.socket.write(body.slice(20));
    await expect.poll(() => connection.received()).toMatch(/\r\n\r\nHTTP\/1\.1 202 /);
    // And says so, so the client sends nothing more on it.
    expect(connection.received().split(/\r\n\r\n(?=HTTP\/1\.1 202)/)[1]).toMatch(/\r\nConnection: close\r\n/i);
    // Its kept-alive connection is closed by the server, so the stop does not wait for it to idle out.
    await connection.closed;
    expect(await exited).toBe(0);

    const lines = logLines(server.output());
    expect(lines.map((line) => line.message)).toContain('stopped');
    expect(lines.map((line) => line.message)).not.toContain('requests still running after the drain were cut off');
    const db = await createPgliteDatabase(join(dataDir, 'pg'));
    try {
      const [row] = await db.query<{ views: number }>('select count(*)::int as views from page_views');
      expect(row).toEqual({ views: 1 });
    } finally {
      await db.close();
    }
  }, 90_000);
});
