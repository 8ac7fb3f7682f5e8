import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, SqlClient } from '../../events/store/sql.ts';

/**
 * Embedded PostgreSQL. One connection: PGlite queues queries and transactions,
 * so concurrency tests belong on the real server. `dataDir` undefined means in memory.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  // pg_trgm: the listings search matches location text anywhere in a field (migration 0200).
  const extensions = { pg_trgm };
  const db = await PGlite.create(dataDir === undefined ? { extensions } : { dataDir, extensions });
  const clientOf = (s: PGlite | Transaction): SqlClient => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await s.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async execute(script: string) {
      await s.exec(script);
    },
  });
  const root = clientOf(db);
  return {
    kind: 'pglite',
    query: root.query,
    execute: root.execute,
    transaction: (fn) => db.transaction((tx) => fn(clientOf(tx))),
    async close() {
      await db.close();
    },
  };
}
