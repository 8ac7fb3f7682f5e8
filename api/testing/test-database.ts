import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../../events/store/sql.ts';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import { createPostgresDatabase } from '../db/postgres-database.ts';

/** The server tests use: the machine's PostgreSQL unless TEST_POSTGRES_URL says otherwise. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { db: Database; url: string | undefined; drop(): Promise<void> };

/** A fresh, empty database on the real server, dropped by `drop()`. */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const name = `efie_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(TEST_POSTGRES_URL);
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
