import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../events/store/sql.ts';

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

const MIGRATION_LOCK = 7_311_001;

/**
 * Applies each numbered `NNNN_name.sql` file once, in order, each in its own
 * transaction together with its row in schema_migrations: a failing file
 * leaves the database as it was and stops with the file's name.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const script = await readFile(join(dir, file), 'utf8');
    const done = await db
      .transaction(async (tx) => {
        // Two instances starting together must not apply the same file twice.
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const seen = await tx.query('select 1 from schema_migrations where name = $1', [file]);
        if (seen.length > 0) return false;
        await tx.execute(script);
        await tx.query('insert into schema_migrations (name) values ($1)', [file]);
        return true;
      })
      .catch((error: unknown) => {
        throw new MigrationError(file, error);
      });
    if (done) applied.push(file);
  }
  return applied;
}
