import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStore } from '../events/store/event-store.ts';
import { createPgliteDatabase } from './db/pglite-database.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const running: ChildProcess[] = [];
afterEach(() => running.splice(0).forEach((child) => child.kill('SIGKILL')));

async function startServer(dataDir: string) {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  running.push(child);
  // Until it answers: fetch throws while nothing listens on the port.
  const health = await vi.waitFor(
    async () => (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { status: string; database: string; events: number },
    { timeout: 30_000, interval: 100 },
  );
  return { child, port, health };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('the server on the embedded default', () => {
  it('starts on an empty DATA_DIR with PGlite, and a second start finds the data of the first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'efie-data-'));
    const first = await startServer(dataDir);
    expect(first.health).toMatchObject({ status: 'ok', database: 'pglite', events: 0 });
    await stop(first.child);

    // Between the two runs, write one event into the same data directory.
    const db = await createPgliteDatabase(join(dataDir, 'pg'));
    await createEventStore(db).append('thing-1', 'no_stream', [{ type: 'ThingCreated', data: {} }]);
    await db.close();

    const second = await startServer(dataDir);
    expect(second.health).toMatchObject({ status: 'ok', database: 'pglite', events: 1 });
    await stop(second.child);
  }, 90_000);
});
