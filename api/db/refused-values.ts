/**
 * Whether PostgreSQL refused the values themselves: SQLSTATE class 22 (data exception: a NUL in
 * text, an escape jsonb will not take, a number out of range) or 23 (a constraint). The same rows
 * will be refused again however often they are retried. Anything else (the connection, a
 * timeout, a server restarting) may pass on the next try. Both adapters give the SQLSTATE as
 * `code`; the drivers' own codes (`CONNECTION_CLOSED`, `ECONNREFUSED`) never match.
 */
export function refusesValues(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}
