import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from '../events/store/event-store.ts';
import { createPgliteDatabase } from './db/pglite-database.ts';
import { spawnServer, stopServer, type SpawnedServer } from '../testing/spawn-server.ts';

const running: SpawnedServer[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
});

async function startServer(dataDir: string) {
  const server = await spawnServer({ DATA_DIR: dataDir });
  running.push(server);
  const health = (await (await fetch(`${server.base}/api/health`)).json()) as {
    status: string;
    database: string;
    events: number;
  };
  return { child: server.child, health };
}

const stop = stopServer;

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
