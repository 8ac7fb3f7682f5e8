import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../events/store/sql.ts';
import { createPgliteDatabase } from '../api/db/pglite-database.ts';
import { createPostgresDatabase } from '../api/db/postgres-database.ts';

/** The machine's PostgreSQL, where tests make their databases unless TEST_POSTGRES_URL names another server. */
export const defaultTestPostgresUrl = () => 'postgres://postgres@127.0.0.1:5432/postgres';

/** Read when a database is made: the `log` test project points it at a cluster of its own. */
export const testPostgresUrl = () => process.env.TEST_POSTGRES_URL ?? defaultTestPostgresUrl();

export type TestDatabase = { db: Database; url: string | undefined; drop(): Promise<void> };

/** A fresh, empty database on the real server (or on `server`), dropped by `drop()`. */
export async function createPostgresTestDatabase(server = testPostgresUrl()): Promise<TestDatabase> {
  const name = `efie_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = createPostgresDatabase({ url: url.toString() });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The database the suite runs on: TEST_DB=postgres for the real server, else
 * an in-memory PGlite. CI runs the whole suite once with each.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') return createPostgresTestDatabase();
  const db = await createPgliteDatabase();
  return { db, url: undefined, drop: () => db.close() };
}
