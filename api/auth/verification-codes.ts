import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../events/store/errors.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';
import { randomCode, sha256 } from './tokens.ts';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_TRIES = 5;
/**
 * Wrong codes per account in a day, over every code issued: asking for a new
 * code gives that code its 5 tries but not more guesses in the day.
 */
export const CODE_FAILURES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Channel = 'email' | 'phone';

// The hash binds the code to its account, channel and address: a code sent to an old address proves nothing about a new one.
const hashOf = (userId: string, channel: Channel, target: string, code: string) =>
  sha256(`${userId}:${channel}:${target}:${code}`);

type CodeRow = { target: string; code_hash: string; failed_attempts: number; created_at: Date; expires_at: Date };

/**
 * Verification codes: 6 digits, valid 15 minutes, 5 tries, stored hashed; one
 * live code per account and channel (a new one replaces the old), and at most
 * 10 wrong codes per account in any 24 hours. `resendAfterMs` (CODE_RESEND_AFTER_SECONDS):
 * how long after the last code a new one may be asked for (SMS costs money).
 */
export function createVerificationCodes(db: Database, clock: () => Date, resendAfterMs: number) {
  return {
    /**
     * A new code for the address (in the caller's transaction when given); the caller sends it.
     * With `resend`, throws 429 when the last code for the channel is younger than `resendAfterMs`.
     */
    async issue(
      userId: string,
      channel: Channel,
      target: string,
      { resend = false, tx = db as SqlClient }: { resend?: boolean; tx?: SqlClient } = {},
    ): Promise<string> {
      const now = clock();
      if (resend) {
        const [last] = await tx.query<{ created_at: Date }>(
          'select created_at from verification_codes where user_id = $1 and channel = $2',
          [userId, channel],
        );
        const wait = last ? new Date(last.created_at).getTime() + resendAfterMs - now.getTime() : 0;
        if (wait > 0) {
          throw new DomainError(
            'rate_limited',
            'resend_too_soon',
            'A code was sent a moment ago. Please wait before asking for another.',
            {
              retryAfterSeconds: Math.ceil(wait / 1000),
            },
          );
        }
      }
      const code = randomCode();
      await tx.query(
        `insert into verification_codes (user_id, channel, target, code_hash, failed_attempts, created_at, expires_at)
         values ($1, $2, $3, $4, 0, $5, $6)
         on conflict (user_id, channel) do update set target = excluded.target, code_hash = excluded.code_hash,
           failed_attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [userId, channel, target, hashOf(userId, channel, target, code), now, new Date(now.getTime() + CODE_TTL_MS)],
      );
      return code;
    },

    /**
     * Checks a code and answers the address it proves, or throws. A wrong code
     * uses up a try (committed even though the answer is an error); a right one
     * is spent. Rows are locked, so parallel guesses cannot exceed the tries.
     */
    async consume(userId: string, channel: Channel, code: string): Promise<string> {
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        // One account's guesses queue behind each other, whichever channel they are for.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`verification:${userId}`]);
        const [dayLimit] = await tx.query<{ failed_at: Date }>(
          `select failed_at from verification_failures where user_id = $1 and failed_at > $2
           order by failed_at desc offset $3 limit 1`,
          [userId, new Date(now.getTime() - DAY_MS), CODE_FAILURES_PER_DAY - 1],
        );
        if (dayLimit) {
          return {
            kind: 'day_limit' as const,
            retryAfterSeconds: Math.max(
              1,
              Math.ceil((new Date(dayLimit.failed_at).getTime() + DAY_MS - now.getTime()) / 1000),
            ),
          };
        }
        const [row] = await tx.query<CodeRow>(
          `select target, code_hash, failed_attempts, created_at, expires_at from verification_codes
           where user_id = $1 and channel = $2 for update`,
          [userId, channel],
        );
        if (!row) return { kind: 'none' as const };
        if (new Date(row.expires_at).getTime() <= now.getTime()) return { kind: 'expired' as const };
        if (row.failed_attempts >= CODE_TRIES) return { kind: 'locked' as const };
        const given = Buffer.from(hashOf(userId, channel, row.target, code));
        if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
          await tx.query(
            'update verification_codes set failed_attempts = failed_attempts + 1 where user_id = $1 and channel = $2',
            [userId, channel],
          );
          await tx.query('delete from verification_failures where user_id = $1 and failed_at <= $2', [
            userId,
            new Date(now.getTime() - DAY_MS),
          ]);
          await tx.query('insert into verification_failures (user_id, failed_at) values ($1, $2)', [userId, now]);
          return { kind: 'wrong' as const, left: CODE_TRIES - row.failed_attempts - 1 };
        }
        await tx.query('delete from verification_codes where user_id = $1 and channel = $2', [userId, channel]);
        return { kind: 'ok' as const, target: row.target };
      });
      switch (outcome.kind) {
        case 'ok':
          return outcome.target;
        case 'none':
          throw new DomainError('invalid', 'no_code', 'There is no code waiting for you. Ask for a new one.');
        case 'expired':
          throw new DomainError('invalid', 'code_expired', 'This code has expired. Ask for a new one.');
        case 'day_limit':
          throw new DomainError(
            'rate_limited',
            'too_many_attempts',
            'Too many wrong codes today. Try again tomorrow.',
            {
              retryAfterSeconds: outcome.retryAfterSeconds,
            },
          );
        case 'locked':
          throw new DomainError('rate_limited', 'too_many_attempts', 'Too many wrong codes. Ask for a new one.', {
            retryAfterSeconds: Math.ceil(resendAfterMs / 1000),
          });
        case 'wrong':
          throw new DomainError('invalid', 'invalid_code', 'Invalid verification code', {
            issues: [
              {
                path: 'code',
                message:
                  outcome.left > 0 ? 'Invalid verification code' : 'Invalid verification code. Ask for a new one.',
              },
            ],
          });
      }
    },
  };
}
export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
