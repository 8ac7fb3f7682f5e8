import postgres from 'postgres';
import type { Database, SqlClient } from '../../events/store/sql.ts';

export type PostgresOptions = { url: string; maxConnections?: number };

/** postgres.js adapter. int8 is parsed to number so both adapters agree on types. */
export function createPostgresDatabase({ url, maxConnections = 20 }: PostgresOptions): Database {
  const sql = postgres(url, {
    max: maxConnections,
    onnotice: () => {},
    // A database host that does not answer at all (not refused: gone from the network) is given up
    // on after 2 s, so a request answers 503 instead of hanging for postgres.js's default 30 s.
    connect_timeout: 2,
    types: {
      int8: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
    connection: {
      // A transaction left open would freeze every subscription (see docs/decisions/001).
      idle_in_transaction_session_timeout: 60_000,
    },
  });
  const clientOf = (s: postgres.Sql | postgres.TransactionSql): SqlClient => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      // Prepared: the statement is parsed once per connection, not on every call.
      const rows = await s.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
      return rows as unknown as Row[];
    },
    async execute(script: string) {
      await s.unsafe(script);
    },
  });
  const root = clientOf(sql);
  return {
    kind: 'postgres',
    query: root.query,
    execute: root.execute,
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      return (await sql.begin((tx) => fn(clientOf(tx)))) as T;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
