import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlClient } from '../../events/store/sql.ts';

const SECRET_NAME = 'saved-search-links';

/**
 * The key that signs unsubscribe links: made once by whichever instance needs it first and kept in
 * the database, so every instance, and a restart, checks the same signatures.
 */
export async function linkSecret(db: SqlClient): Promise<Buffer> {
  await db.query('insert into server_secrets (name, secret) values ($1, $2) on conflict (name) do nothing', [
    SECRET_NAME,
    randomBytes(32),
  ]);
  const [row] = await db.query<{ secret: Uint8Array }>('select secret from server_secrets where name = $1', [
    SECRET_NAME,
  ]);
  if (!row) throw new Error('the unsubscribe links’ key is missing');
  return Buffer.from(row.secret);
}

const signature = (secret: Buffer, searchId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${searchId}`).digest('base64url');

/** The one-tap link in an alert: it unsubscribes this search and nothing else, without signing in. */
export const unsubscribeUrl = (origin: string, secret: Buffer, searchId: string) =>
  `${origin}/api/saved-searches/${searchId}/unsubscribe?token=${signature(secret, searchId)}`;

export function isUnsubscribeToken(secret: Buffer, searchId: string, token: string): boolean {
  const expected = Buffer.from(signature(secret, searchId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
