import { DomainError } from '../../events/store/errors.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';

/** Failures per identifier within the window: per identifier and client address together for a sign-in. */
export const MAX_FAILURES = 5;
/**
 * Failures per client address across identifiers within the window (password spraying).
 * Higher than per identifier: behind a mobile carrier's NAT or in a cybercafé many people
 * share one address, and their typos add up; 20 still lets one address try only 20
 * passwords in 15 minutes whatever it spreads them over (docs/decisions/010).
 */
export const MAX_CLIENT_FAILURES = 20;
export const WINDOW_MS = 15 * 60 * 1000;

type Count = { lock: string; where: string; params: string[]; max: number };

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new DomainError('rate_limited', 'too_many_attempts', 'Too many failed attempts. Please wait before trying again.', {
    retryAfterSeconds,
  });

/**
 * Sliding windows of failures in table sign_in_failures (shared by every instance).
 * Unknown identifiers count too, so the answer never tells whether an account exists.
 *
 * An attempt is counted as a failure before the password is checked and forgiven on
 * success: with the check and the count in one transaction under advisory locks (taken
 * in a fixed order), parallel guesses cannot slip past the limit.
 *
 * With a client (a sign-in): failures count per identifier and client together, and per
 * client across identifiers; past either limit that client is refused, and nobody else
 * is, so a stranger cannot lock the owner out from another address. Without one (the
 * current password in account settings, forgot-password): per identifier only.
 */
export function createSignInLimiter(
  db: Database,
  clock: () => Date,
  { max = MAX_FAILURES, maxPerClient = MAX_CLIENT_FAILURES, windowMs = WINDOW_MS } = {},
) {
  const countsOf = (identifier: string, client: string | undefined): Count[] =>
    client === undefined
      ? [{ lock: `sign-in:${identifier}`, where: 'identifier = $1', params: [identifier], max }]
      : [
          {
            lock: `sign-in:${identifier}|${client}`,
            where: 'identifier = $1 and client = $2',
            params: [identifier, client],
            max,
          },
          { lock: `sign-in-client:${client}`, where: 'client = $1', params: [client], max: maxPerClient },
        ];

  /** Seconds until the count is under its limit again, or undefined when it is already. */
  async function waitOf(tx: SqlClient, count: Count, now: Date): Promise<number | undefined> {
    const since = new Date(now.getTime() - windowMs);
    const next = count.params.length + 1;
    // The max-th newest failure: once it leaves the window, fewer than max remain.
    const [row] = await tx.query<{ failed_at: Date }>(
      `select failed_at from sign_in_failures where ${count.where} and failed_at > $${next}
       order by failed_at desc offset $${next + 1} limit 1`,
      [...count.params, since, count.max - 1],
    );
    if (!row) return undefined;
    return Math.max(1, Math.ceil((new Date(row.failed_at).getTime() + windowMs - now.getTime()) / 1000));
  }

  return {
    /**
     * Counts an attempt as a failure, or throws 429 with Retry-After while the identifier
     * (with `client`: this identifier from this client, or this client) is at its limit.
     */
    async begin(identifier: string, client?: string): Promise<void> {
      const now = clock();
      const counts = countsOf(identifier, client);
      const retryAfterSeconds = await db.transaction(async (tx) => {
        for (const lock of counts.map((count) => count.lock).sort()) {
          await tx.query('select pg_advisory_xact_lock(hashtext($1))', [lock]);
        }
        let wait: number | undefined;
        for (const count of counts) {
          const seconds = await waitOf(tx, count, now);
          if (seconds !== undefined) wait = Math.max(wait ?? 0, seconds);
        }
        if (wait !== undefined) return wait;
        const since = new Date(now.getTime() - windowMs);
        for (const count of counts) {
          await tx.query(
            `delete from sign_in_failures where ${count.where} and failed_at <= $${count.params.length + 1}`,
            [...count.params, since],
          );
        }
        await tx.query('insert into sign_in_failures (identifier, client, failed_at) values ($1, $2, $3)', [
          identifier,
          client ?? '',
          now,
        ]);
        return undefined;
      });
      if (retryAfterSeconds !== undefined) throw tooManyAttempts(retryAfterSeconds);
    },
    /**
     * The attempt was never decided (the password could not be checked: 503): the failure
     * `begin` counted for it is taken back, so retrying through a busy moment locks nobody out.
     */
    async withdraw(identifier: string, client?: string): Promise<void> {
      await db.query(
        `delete from sign_in_failures where ctid = (
           select ctid from sign_in_failures where identifier = $1 and client = $2 order by failed_at desc limit 1)`,
        [identifier, client ?? ''],
      );
    },
    /**
     * The attempt succeeded: that client's failures on the identifier are forgiven (a
     * stranger's on other addresses stand). Without a client: every failure of the
     * identifier, from everywhere (a completed password reset).
     */
    async reset(identifier: string, client?: string): Promise<void> {
      if (client === undefined) await db.query('delete from sign_in_failures where identifier = $1', [identifier]);
      else await db.query('delete from sign_in_failures where identifier = $1 and client = $2', [identifier, client]);
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
