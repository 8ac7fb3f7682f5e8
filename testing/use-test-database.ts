import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../events/store/sql.ts';
import { migrate } from '../api/db/migrate.ts';
import { MIGRATIONS_DIR } from '../api/runtime.ts';
import { createPostgresTestDatabase, createTestDatabase, type TestDatabase } from './test-database.ts';

/** Empties every table but the migrations' record, so each test starts on a fresh, migrated database. */
export async function emptyAllTables(db: Database): Promise<void> {
  const rows = await db.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  if (rows.length > 0) await db.query(`truncate ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

/** A migrated database of its own on the real server (not PGlite), for tests that need PostgreSQL itself; the caller drops it. */
export async function createMigratedPostgresTestDatabase(server?: string): Promise<TestDatabase> {
  const t = await createPostgresTestDatabase(server);
  await migrate(t.db, MIGRATIONS_DIR);
  return t;
}

/**
 * One migrated test database per test file (PGlite or the real server, see
 * createTestDatabase), emptied before each test. Returns a getter.
 */
export function useMigratedDatabase(): () => Database {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.db, MIGRATIONS_DIR);
  });
  beforeEach(async () => {
    if (t) await emptyAllTables(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });
  return () => {
    if (!t) throw new Error('the test database is not ready');
    return t.db;
  };
}
