import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createPgliteDatabase } from '../../api/db/pglite-database.ts';
import { createPostgresDatabase } from '../../api/db/postgres-database.ts';
import { testPostgresUrl } from '../../testing/test-database.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export const ADMIN = { email: 'stress-admin@efie.example', password: 'stress-admin-password' };

/**
 * Where one run keeps its data: PGlite in a temp DATA_DIR, or a fresh
 * PostgreSQL database made for the run (files in a temp DATA_DIR either way).
 * `read` runs queries in a read-only transaction; on PGlite only while the
 * server is stopped (PGlite is one process's).
 */
export type Target = {
  kind: DatabaseKind;
  where: string;
  env: Record<string, string>;
  read<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  remove(): Promise<void>;
};

export async function prepareTarget(kind: DatabaseKind): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), `efie-stress-${kind}-`));
  // The dev outbox exempts this machine's own callers from the per-client sign-up limit (10 an hour):
  // the harness registers every client from 127.0.0.1, as the tests do.
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, EFIE_DEV_OUTBOX: '1' };
  if (kind === 'pglite') {
    return {
      kind,
      where: dataDir,
      env,
      read: async (fn) => readOnly(await createPgliteDatabase(join(dataDir, 'pg')), fn),
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // Not efie_stress_*: other stress scripts use that prefix, and on a shared server one of these
  // databases was once dropped mid-run by a clean-up that was not ours.
  const name = `efie_crash_harness_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(testPostgresUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return {
    kind,
    where: `${url} (files in ${dataDir})`,
    env: { ...env, DATABASE_URL: url.toString() },
    read: (fn) => readOnly(createPostgresDatabase({ url: url.toString(), maxConnections: 1 }), fn),
    async remove() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the checks' reads in one read-only transaction, then closes the connection. */
async function readOnly<T>(db: Database, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('set transaction read only');
      return fn(tx);
    });
  } finally {
    await db.close();
  }
}
