import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../events/store/sql.ts';
import { createPgliteDatabase } from './pglite-database.ts';
import { createPostgresDatabase } from './postgres-database.ts';

/** DATABASE_URL set: the real server. Unset: PGlite under DATA_DIR/pg. */
export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase({ url: config.databaseUrl });
  const dir = join(config.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return createPgliteDatabase(dir);
}
