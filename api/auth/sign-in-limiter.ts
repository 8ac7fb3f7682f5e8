import { DomainError } from '../../events/store/errors.ts';
import type { Database } from '../../events/store/sql.ts';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/**
 * Contract: after 5 failures for one identifier within 15 minutes, 429 until
 * the window passes. Unknown identifiers count too, so the answer never tells
 * whether an account exists.
 *
 * An attempt is counted as a failure before the password is checked and
 * forgiven on success: with the check and the count in one transaction under
 * a per-identifier advisory lock, parallel guesses cannot slip past the limit.
 */
export function createSignInLimiter(db: Database, clock: () => Date, { max = MAX_FAILURES, windowMs = WINDOW_MS } = {}) {
  return {
    /** Counts an attempt, or throws 429 with Retry-After while the identifier is locked out. */
    async begin(identifier: string): Promise<void> {
      const now = clock();
      const retryAfterSeconds = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`sign-in:${identifier}`]);
        // The max-th newest failure: once it leaves the window, fewer than max remain.
        const [row] = await tx.query<{ failed_at: Date }>(
          `select failed_at from sign_in_failures where identifier = $1 and failed_at > $2
           order by failed_at desc offset $3 limit 1`,
          [identifier, new Date(now.getTime() - windowMs), max - 1],
        );
        if (row) return Math.max(1, Math.ceil((new Date(row.failed_at).getTime() + windowMs - now.getTime()) / 1000));
        await tx.query('delete from sign_in_failures where identifier = $1 and failed_at <= $2', [identifier, new Date(now.getTime() - windowMs)]);
        await tx.query('insert into sign_in_failures (identifier, failed_at) values ($1, $2)', [identifier, now]);
        return undefined;
      });
      if (retryAfterSeconds !== undefined) {
        throw new DomainError('rate_limited', 'too_many_attempts', 'Too many failed attempts. Please wait before trying again.', {
          retryAfterSeconds,
        });
      }
    },
    /** The attempt succeeded: earlier failures are forgiven. */
    async reset(identifier: string): Promise<void> {
      await db.query('delete from sign_in_failures where identifier = $1', [identifier]);
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
