import { createHash, randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requestHeader } from '../http/node-exchange.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * While a request runs, its claim's created_at is renewed this often; a claim
 * without an answer that nobody renewed for ABANDONED_AFTER_SECONDS belongs to
 * a process that died (a crash, a kill, a lost database connection), and a
 * retry takes it over. A slow request that is still alive keeps its claim.
 */
const RENEW_CLAIM_EVERY_MS = 2_000;
const ABANDONED_AFTER_SECONDS = 10;

type Row = { request_hash: string; status: number | null; body: unknown; abandoned: boolean };

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/**
 * Who is calling, for keying: the signed-in account (whichever of its sessions
 * sends the key, so a retry after signing in again still finds the first
 * answer), else "anonymous".
 */
const callerOf = (userId: string | undefined) => (userId ? `user:${userId}` : 'anonymous');

/**
 * Contract: a POST, PUT, PATCH or DELETE may carry an Idempotency-Key; a repeat
 * with the same key from the same caller gets the first answer and changes
 * nothing; the same key with a different request is refused. Runs after the
 * session middleware and the body limit. The key is also
 * handed to the handler (c.var.idempotency) so that its event-store append is
 * deduplicated even if the server dies between the append and this record.
 */
export const idempotencyKeys = (
  db: SqlClient,
  { streamedBodyPaths = [] }: { streamedBodyPaths?: readonly string[] } = {},
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = requestHeader(c, 'idempotency-key');
    if (!MUTATING.has(c.req.method) || key === undefined) return next();
    if (key.length === 0 || key.length > 200) {
      throw new DomainError('invalid', 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 characters.');
    }
    const caller = callerOf(c.var.user?.id);
    // A streamed upload (videos, photos) is not read here, let alone held whole: its request is told
    // apart by its length and media type instead (not the multipart boundary, new on each send). Other bodies are read, within the route's body limit.
    const streamed = streamedBodyPaths.some((prefix) => c.req.path.startsWith(prefix));
    const bodyHash = streamed
      ? `streamed ${requestHeader(c, 'content-length') ?? 'chunked'} ${(requestHeader(c, 'content-type') ?? '').split(';')[0]}`
      : sha256(new Uint8Array(await c.req.arrayBuffer()));
    const requestHash = sha256(`${c.req.method} ${c.req.path}?${new URL(c.req.url).search}\n${bodyHash}`);
    const claimed = await db.query(
      `insert into http_idempotency (caller, idempotency_key, request_hash) values ($1, $2, $3)
       on conflict (caller, idempotency_key) do nothing returning caller`,
      [caller, key, requestHash],
    );
    if (claimed.length === 0) {
      const [row] = await db.query<Row>(
        `select request_hash, status, body, created_at < now() - make_interval(secs => $3) as abandoned
         from http_idempotency where caller = $1 and idempotency_key = $2`,
        [caller, key, ABANDONED_AFTER_SECONDS],
      );
      if (row && row.request_hash !== requestHash) {
        throw new DomainError(
          'conflict',
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      if (row && row.status !== null) {
        c.header('Idempotent-Replayed', 'true');
        return c.json((row.body as { answer: unknown }).answer as object, row.status as 200);
      }
      // One retry takes an abandoned claim over; a second one at the same moment is told to wait.
      const taken =
        row?.abandoned &&
        (
          await db.query(
            `update http_idempotency set created_at = now() where caller = $1 and idempotency_key = $2
           and status is null and created_at < now() - make_interval(secs => $3) returning caller`,
            [caller, key, ABANDONED_AFTER_SECONDS],
          )
        ).length > 0;
      if (!taken) {
        throw new DomainError(
          'conflict',
          'request_in_progress',
          'The same request is still being handled. Try again in a moment.',
          {
            retryAfterSeconds: 1,
          },
        );
      }
    }
    c.set('idempotency', { key: `${caller}:${key}`, requestHash });
    const renewing = setInterval(() => {
      void db
        .query(
          'update http_idempotency set created_at = now() where caller = $1 and idempotency_key = $2 and status is null',
          [caller, key],
        )
        .catch(() => {});
    }, RENEW_CLAIM_EVERY_MS);
    try {
      await next();
    } finally {
      clearInterval(renewing);
    }
    const status = c.res.status;
    const isJson = c.res.headers.get('content-type')?.includes('application/json') ?? false;
    // A session cookie cannot be replayed (only its hash is kept), so an answer that sets one is
    // not kept either: a retry runs again, and registration replays its append, signing in again.
    const setsSession = c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    // 429 is "not now" (Retry-After), not an answer: kept, it would refuse the retry it asks for.
    if (status >= 500 || status === 429 || !isJson || setsSession) {
      // Not a final answer: let a retry run the request again.
      await db.query('delete from http_idempotency where caller = $1 and idempotency_key = $2', [caller, key]);
      return;
    }
    const answer = await c.res.clone().json();
    await db.query(
      'update http_idempotency set status = $3, body = $4::jsonb where caller = $1 and idempotency_key = $2',
      [caller, key, status, { answer }],
    );
  });

/**
 * The id of a record that a request creates: derived from the caller and its
 * Idempotency-Key when it has one, so a retry at any later time, even after
 * every stored answer was pruned or a crash lost it, names the same record and
 * cannot make a second one. A request without a key gets a random id.
 */
export function newRecordId(idempotency: { key: string } | undefined, kind: string): string {
  return idempotency ? nameBasedId(kind, idempotency.key) : randomUUID();
}

/** The one id `name` has as a `kind`, always the same (a conversation's, from its listing and renter). */
export function nameBasedId(kind: string, name: string): string {
  const bytes = createHash('sha256').update(`${kind}\n${name}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // RFC 9562 version 8: a name-based id of our own
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Forgets HTTP answers older than a day (the contract keeps them at least 24
 * hours) and the event store's append keys after 30 days: a retry later than
 * that of a create still finds its record by its derived id (newRecordId);
 * a retried edit meets the version it changed and gets a 409.
 */
export async function pruneIdempotencyKeys(db: SqlClient): Promise<void> {
  await db.query(`delete from http_idempotency where created_at < now() - interval '25 hours'`);
  await db.query(`delete from append_idempotency where created_at < now() - interval '30 days'`);
}
