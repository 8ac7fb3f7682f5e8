import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModels } from '../../events/read-models.ts';
import type { Database } from '../../events/store/sql.ts';
import { registerVerifiedUser, TEST_PASSWORD } from '../../testing/accounts.ts';
import { createListing, listingBody } from '../../testing/listings.ts';
import { findPostgresBin, startPrivateCluster, type PrivateCluster } from '../../testing/private-cluster.ts';
import { spawnServer, stopServer } from '../../testing/spawn-server.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { runPgTool } from './pg-tools.ts';

// Issue 32: backup and restore are one command each. A backup taken while a host keeps listing,
// restored into a new cluster, holds every write acknowledged before it began, its read models
// rebuilt from the events give the same rows as the ones it carried, and the server runs on it.

const run = promisify(execFile);
const bin = findPostgresBin();
const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `scripts/backup/${name}.ts`, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PG_BIN: bin ?? '', ...env },
  });

/** Each read model table's rows, hashed in a stable order. */
async function readModelRows(db: Database): Promise<Record<string, string | null>> {
  const tables = [...new Set(readModels.flatMap((p) => p.tables))].sort();
  const rows: Record<string, string | null> = {};
  for (const table of tables) {
    const [row] = await db.query<{ h: string | null }>(
      `select md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
    );
    rows[table] = row!.h;
  }
  return rows;
}

describe('npm run backup, then npm run restore into a new cluster', () => {
  let source: TestDatabase;
  let cluster: PrivateCluster;
  const dir = mkdtempSync(join(tmpdir(), 'efie-backup-'));
  beforeAll(async () => {
    if (!bin) throw new Error('initdb and pg_ctl are needed (Debian: postgresql); set PG_BIN');
    source = await createPostgresTestDatabase();
    cluster = await startPrivateCluster(bin);
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, rebuilds the same read models, and the server runs on the copy', async () => {
    const { app } = await createTestApp(source.db);
    const host = createClient(app);
    const { email } = await registerVerifiedUser(app, host, { userType: 'owner' });

    // A host lists one home after another while the backup runs.
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) acknowledged.push({ id: (await createListing(host)).id, at: performance.now() });
    })();
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const file = join(dir, 'efie.dump');
    const backupBegan = performance.now();
    const backup = await script('backup', [file], { DATABASE_URL: source.url! });
    expect(backup.stdout).toMatch(/^backed up to .*efie\.dump/);
    await expect.poll(() => acknowledged.filter((w) => w.at > backupBegan).length).toBeGreaterThanOrEqual(1);
    writing = false;
    await writer;
    const before = acknowledged.filter((w) => w.at < backupBegan).map((w) => w.id);

    // Restored by the script, and, to compare with, as the archive holds it.
    const restored = await createPostgresTestDatabase(cluster.url);
    const asArchived = await createPostgresTestDatabase(cluster.url);
    try {
      const restore = await script('restore', [file], { DATABASE_URL: restored.url! });
      expect(restore.stdout).toMatch(/^restored \d+ events from .*rebuilt \d+ read models/);
      await runPgTool('pg_restore', asArchived.url!, ['--no-owner', '--no-privileges', '--single-transaction', file]);

      const listed = await restored.db.query<{ id: string }>('select id from properties where id = any($1)', [before]);
      expect(listed.map((row) => row.id).sort(), 'every listing acknowledged before the backup began').toEqual(
        [...before].sort(),
      );
      expect(await readModelRows(restored.db)).toEqual(await readModelRows(asArchived.db));
      const [order] = await restored.db.query<{ n: number }>(
        `select count(*)::int as n from events where transaction_id <> '0'`,
      );
      expect(order!.n, "no event keeps the old cluster's transaction id").toBe(0);
      const [last] = await restored.db.query<{ p: number }>('select max(global_position)::int as p from events');
      const restoredEvents = last!.p;

      // Another restore into a database that holds tables is refused, and changes nothing.
      await expect(script('restore', [file], { DATABASE_URL: restored.url! })).rejects.toThrow(
        /restore into an empty one/,
      );

      // The server on the copy: the host signs in with the same password, sees the homes, and lists one more.
      const server = await spawnServer({
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: restored.url!,
        PUBLIC_ORIGIN: 'http://127.0.0.1',
      });
      try {
        const health = await fetch(`${server.base}/api/health`);
        expect(health.status).toBe(200);
        const signIn = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: TEST_PASSWORD }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const mine = (await (await fetch(`${server.base}/api/user/properties`, { headers: { cookie } })).json()) as {
          id: string;
        }[];
        expect(mine.map((p) => p.id)).toEqual(expect.arrayContaining(before));
        // A new listing on the copy: its events come after the restored ones.
        const listed = await fetch(`${server.base}/api/properties`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: 'http://127.0.0.1' },
          body: JSON.stringify(listingBody()),
        });
        expect(listed.status).toBe(201);
        const [fresh] = await restored.db.query<{ n: number }>(
          `select count(*)::int as n from events where transaction_id > '0' and global_position > $1`,
          [restoredEvents],
        );
        expect(fresh!.n, 'the new listing’s events, ordered after every restored one').toBeGreaterThan(0);
      } finally {
        await stopServer(server.child);
      }
    } finally {
      await restored.drop();
      await asArchived.drop();
    }
  }, 240_000);
});
