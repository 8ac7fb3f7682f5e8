import { DomainError } from '../../events/store/errors.ts';
import type { SqlClient } from '../../events/store/sql.ts';

/** At most `max` actions per `windowMs`, counted under `key` (a destination, an account, a client, a budget). */
export type Limit = { key: string; max: number; windowMs: number };

/** Refused: the earliest time (in whole seconds from now, at least 1) at which every limit has room again. */
export type Refusal = { retryAfterSeconds: number };

/** Expired rows removed per call, whatever their key: keeps the table to what still counts without a separate job. */
const PRUNE_BATCH = 100;

/**
 * The one limiter behind every limit on what a request can make Efie send or do (codes, reset
 * links, messages, registrations, the SMS budget): a sliding window per key in the database
 * (table rate_limit_hits), so it holds across restarts and every instance shares it.
 *
 * It runs inside the caller's transaction under one advisory lock per key, taken in a fixed
 * order, so parallel requests cannot slip past a limit, and a refused or rolled-back request
 * counts nothing. One key may carry several windows (3 per 15 minutes and 10 per day): the
 * windows count the same rows, which are kept for the longest of them.
 */
export function createRateLimiter(clock: () => Date) {
  async function lock(tx: SqlClient, keys: readonly string[]) {
    for (const key of [...new Set(keys)].sort())
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`rate-limit:${key}`]);
  }

  /** Seconds until `limit` has room again, or 0 when it has room now. */
  async function waitFor(tx: SqlClient, limit: Limit, now: Date, taking = 1): Promise<number> {
    // The (max - taking + 1)-th newest action: once it leaves the window, `taking` more fit.
    const [row] = await tx.query<{ at: Date }>(
      `select at from rate_limit_hits where limit_key = $1 and at > $2 order by at desc offset $3 limit 1`,
      [limit.key, new Date(now.getTime() - limit.windowMs), Math.max(0, limit.max - taking)],
    );
    if (!row) return 0;
    return Math.max(1, Math.ceil((new Date(row.at).getTime() + limit.windowMs - now.getTime()) / 1000));
  }

  /** The longest wait among `limits` (0: every one has room now). */
  async function longestWait(tx: SqlClient, limits: readonly Limit[], now: Date): Promise<number> {
    let seconds = 0;
    for (const limit of limits) seconds = Math.max(seconds, await waitFor(tx, limit, now));
    return seconds;
  }

  async function record(tx: SqlClient, limits: readonly Limit[], now: Date, count = 1) {
    const longest = new Map<string, number>();
    for (const { key, windowMs } of limits) longest.set(key, Math.max(longest.get(key) ?? 0, windowMs));
    await tx.query(
      `delete from rate_limit_hits where ctid in (select ctid from rate_limit_hits where expires_at <= $1 limit ${PRUNE_BATCH})`,
      [now],
    );
    for (const [key, windowMs] of [...longest].sort(([a], [b]) => a.localeCompare(b))) {
      // One statement for the `count` rows (a batch of SMS counts as many as it sends).
      await tx.query(
        'insert into rate_limit_hits (limit_key, at, expires_at) select $1, $2, $3 from generate_series(1, $4::int)',
        [key, now, new Date(now.getTime() + windowMs), count],
      );
    }
  }

  return {
    /**
     * Counts one action against every limit, or counts nothing and answers the refusal when any
     * limit is full. For callers that must not say they refused (forgot-password).
     */
    async attempt(tx: SqlClient, limits: readonly Limit[]): Promise<Refusal | undefined> {
      const now = clock();
      await lock(
        tx,
        limits.map((l) => l.key),
      );
      const retryAfterSeconds = await longestWait(tx, limits, now);
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      await record(tx, limits, now);
      return undefined;
    },

    /** Like attempt, but a full limit throws `refuse(retryAfterSeconds)` (a 429 DomainError). */
    async take(
      tx: SqlClient,
      limits: readonly Limit[],
      refuse: (retryAfterSeconds: number) => DomainError,
    ): Promise<void> {
      const refusal = await this.attempt(tx, limits);
      if (refusal) throw refuse(refusal.retryAfterSeconds);
    },

    /** Whether every limit has room, counting nothing (a check before work that takes later). */
    async check(tx: SqlClient, limits: readonly Limit[]): Promise<Refusal | undefined> {
      const retryAfterSeconds = await longestWait(tx, limits, clock());
      return retryAfterSeconds > 0 ? { retryAfterSeconds } : undefined;
    },

    /**
     * Lets `use` take what room one limit has (a budget a batch shares, such as the hourly SMS
     * budget): `use(room)` answers how many it took, and those are counted. Answers that number.
     */
    async takeUpTo(tx: SqlClient, limit: Limit, use: (room: number) => Promise<number>): Promise<number> {
      const now = clock();
      await lock(tx, [limit.key]);
      const room = Math.max(0, limit.max - (await countIn(tx, limit, now)));
      const taken = room > 0 ? Math.min(room, await use(room)) : 0;
      if (taken > 0) await record(tx, [limit], now, taken);
      return taken;
    },

    /** How much of one limit is used now, and when it next has room (undefined: it has room now). */
    async usage(tx: SqlClient, limit: Limit): Promise<{ used: number; roomAt: Date | undefined }> {
      const now = clock();
      const used = await countIn(tx, limit, now);
      const wait = await waitFor(tx, limit, now);
      return { used, roomAt: wait > 0 ? new Date(now.getTime() + wait * 1000) : undefined };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

async function countIn(tx: SqlClient, limit: Limit, now: Date): Promise<number> {
  const [row] = await tx.query<{ n: number | string }>(
    'select count(*) as n from rate_limit_hits where limit_key = $1 and at > $2',
    [limit.key, new Date(now.getTime() - limit.windowMs)],
  );
  return Number(row?.n ?? 0);
}

/** The contract's 429: a message a person can read, a code, and Retry-After. */
export const rateLimited = (code: string, message: string) => (retryAfterSeconds: number) =>
  new DomainError('rate_limited', code, message, { retryAfterSeconds });
