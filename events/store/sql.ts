/**
 * The one database port the domain layer sees. Both adapters (postgres.js for a
 * real server, PGlite embedded) implement it with the same SQL and the same
 * value types: int8 → number, timestamptz → Date, json(b) → parsed value,
 * xid8 → string.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  execute(script: string): Promise<void>;
}

export interface Database extends SqlClient {
  readonly kind: 'postgres' | 'pglite';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
