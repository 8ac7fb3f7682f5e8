import { DomainError } from '../../events/store/errors.ts';
import type { SqlClient } from '../../events/store/sql.ts';

/** Messages per sender address (e-mail or phone) per hour. */
export const PER_SENDER = 5;
/**
 * Messages per client IP per hour. Higher than per sender: in Ghana many phones share one
 * address behind a mobile carrier's NAT, and a cybercafé's customers share one too.
 */
export const PER_IP = 20;
export const WINDOW_MS = 60 * 60 * 1000;

export type Limit = { key: string; max: number };

export const tooManyMessages = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'too_many_messages', 'You have sent several messages in a short time. Please wait before sending another.', {
    retryAfterSeconds,
  });

/**
 * A sliding window per key, kept in the database (table message_submissions) so it holds across
 * restarts and instances. Runs inside the caller's transaction, under one advisory lock per key
 * (taken in a fixed order), so parallel requests cannot slip past the limit; a refused or
 * rolled-back request counts nothing.
 */
export function createMessageRateLimit(clock: () => Date, windowMs = WINDOW_MS) {
  return {
    /** Throws 429 with Retry-After when any key is at its limit; else counts one message for every key. */
    async take(tx: SqlClient, limits: readonly Limit[]): Promise<void> {
      const now = clock();
      const since = new Date(now.getTime() - windowMs);
      const sorted = [...limits].sort((a, b) => a.key.localeCompare(b.key));
      for (const { key } of sorted) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`message-limit:${key}`]);
      let retryAfterSeconds = 0;
      for (const { key, max } of sorted) {
        // The max-th newest message: once it leaves the window, fewer than max remain.
        const [row] = await tx.query<{ submitted_at: Date }>(
          `select submitted_at from message_submissions where limit_key = $1 and submitted_at > $2
           order by submitted_at desc offset $3 limit 1`,
          [key, since, max - 1],
        );
        if (row) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((new Date(row.submitted_at).getTime() + windowMs - now.getTime()) / 1000), 1);
      }
      if (retryAfterSeconds > 0) throw tooManyMessages(retryAfterSeconds);
      for (const { key } of sorted) {
        await tx.query('delete from message_submissions where limit_key = $1 and submitted_at <= $2', [key, since]);
        await tx.query('insert into message_submissions (limit_key, submitted_at) values ($1, $2)', [key, now]);
      }
    },
  };
}
