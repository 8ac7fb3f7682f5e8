/**
 * Whether an error means the database cannot be reached or has gone away, as opposed to a bad
 * statement or a refused value: the answer is then a 503 with Retry-After (CONTRACT.md
 * "Outages"), never a 500. postgres.js names connection failures in `code` (its own CONNECTION_*
 * and CONNECT_TIMEOUT, or the socket's errno), and PostgreSQL's own words for them are SQLSTATE
 * class 08 (connection exception) and 57P01-57P03 (the server shutting down, crashed, or not
 * accepting connections yet).
 */
const UNREACHABLE_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/** How soon a client or a load balancer may ask again while the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;
