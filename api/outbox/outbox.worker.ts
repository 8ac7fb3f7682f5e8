import { startPolling, type Poller } from '../../events/store/polling.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { errorText, type Logger } from '../logger.ts';
import { toMessage, type OutboxRow } from './outbox.ts';
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from './retry-policy.ts';
import { refusalOf, type Accepted, type MessageSender } from './sender.ts';
import { DEFAULT_SMS_HOURLY_BUDGET } from '../env.ts';
import { smsBudget } from './sms-budget.ts';

export const FORGOTTEN_TEXT = 'Sent. The text held a code or a link and is not kept.';
export const UNCERTAIN_AFTER_STOP =
  'The server stopped while the gateway was answering: the message may have arrived, so it is not sent again automatically.';

/**
 * A send that began (sending_since) and whose outcome was never written, once
 * its lease is over: the process stopped, or the write after an accepted send
 * failed. The gateway may have taken it, so it is failed, never sent again.
 */
async function giveUpAbandonedSends(db: Database, now: Date): Promise<void> {
  await db.query(
    `update outbox_messages set failed_at = $1, failure = 'uncertain', last_error = $2, sending_since = null, claimed_until = null
     where sent_at is null and failed_at is null and sending_since is not null and claimed_until <= $1`,
    [now, UNCERTAIN_AFTER_STOP],
  );
}

/** Claims up to `limit` claimable messages of one channel in one statement (SKIP LOCKED, with a lease), counting the attempt. */
async function claimChannel(tx: SqlClient, channel: 'email' | 'sms' | 'push', now: Date, limit: number) {
  return tx.query<OutboxRow & { seq: number; attempts: number }>(
    `update outbox_messages set claimed_until = $3, attempts = attempts + 1
     where id in (
       select id from outbox_messages
       where channel = $5 and sent_at is null and failed_at is null and sending_since is null and attempts < $1
         and (claimed_until is null or claimed_until <= $4)
       order by created_at, seq limit $2 for update skip locked)
     returning id, channel, recipient, subject, body, created_at, sent_at, seq, attempts`,
    [MAX_ATTEMPTS, limit, new Date(now.getTime() + LEASE_MS), now, channel],
  );
}

/**
 * Claims a batch: e-mails and web pushes freely, SMS only as far as the hourly budget has room (counted in the
 * same transaction, so two instances cannot both spend the last of it). An SMS past the budget
 * is not claimed: it waits in the outbox, attempts untouched, until the budget has room.
 */
async function claim(db: Database, now: Date, batchSize: number, smsPerHour: number, clock: () => Date) {
  const rows = await db.transaction(async (tx) => {
    const emails = await claimChannel(tx, 'email', now, batchSize);
    const pushes = await claimChannel(tx, 'push', now, batchSize);
    const sms: Awaited<ReturnType<typeof claimChannel>> = [];
    await createRateLimiter(clock).takeUpTo(tx, smsBudget(smsPerHour), async (room) => {
      sms.push(...(await claimChannel(tx, 'sms', now, Math.min(room, batchSize))));
      return sms.length;
    });
    return [...emails, ...pushes, ...sms];
  });
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.seq - b.seq);
}

/**
 * Written before the gateway is called, with a fresh lease: from here on the
 * message counts as possibly accepted. Nothing is written when the claim is no
 * longer ours (another pass took it after our lease ended: attempts moved on).
 */
async function markSending(db: Database, id: string, attempts: number, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update outbox_messages set sending_since = $3, claimed_until = $4
     where id = $1 and attempts = $2 and sent_at is null and failed_at is null and sending_since is null
     returning id`,
    [id, attempts, now, new Date(now.getTime() + LEASE_MS)],
  );
  return rows.length === 1;
}

async function recordAccepted(db: Database, id: string, accepted: Accepted, now: Date, forgetSecrets: boolean) {
  // By id alone: the gateway took it, whatever another pass thought meanwhile.
  await db.query(
    `update outbox_messages set sent_at = $2, claimed_until = null, sending_since = null, failed_at = null, failure = null,
       provider_id = $5, provider_response = $6,
       body = case when contains_secret and $3 then $4 else body end
     where id = $1`,
    [id, now, forgetSecrets, FORGOTTEN_TEXT, accepted.providerId, accepted.response],
  );
}

async function recordRefused(db: Database, id: string, attempts: number, error: unknown, now: Date) {
  const refusal = refusalOf(error);
  const failure =
    refusal === 'uncertain'
      ? 'uncertain'
      : refusal === 'permanent'
        ? 'refused'
        : attempts >= MAX_ATTEMPTS
          ? 'exhausted'
          : null;
  await db.query(
    `update outbox_messages set last_error = $3, sending_since = null,
       failure = $4, failed_at = case when $4::text is null then null else $5::timestamptz end,
       claimed_until = case when $4::text is null then $6::timestamptz else null end
     where id = $1 and attempts = $2 and sent_at is null`,
    [id, attempts, errorText(error), failure, now, new Date(now.getTime() + retryDelayMs(attempts))],
  );
}

/**
 * Hands unsent messages to the sender, oldest first. A short statement claims
 * a batch with a lease; each message is then marked "sending" on its own, the
 * sender runs outside any transaction, and its outcome is written at once.
 * Two servers never send the same message at once; a refusal is retried with a
 * doubling pause up to MAX_ATTEMPTS, then the message is failed; a message the
 * gateway may have accepted (the process stopped mid-send, or the write after it
 * failed) is never sent again automatically. SMS go out within the hourly budget
 * (SMS_HOURLY_BUDGET); past it they wait.
 */
export async function drainOutbox(
  db: Database,
  sender: MessageSender,
  clock: () => Date,
  {
    batchSize = 20,
    forgetSecrets = false,
    smsHourlyBudget = DEFAULT_SMS_HOURLY_BUDGET,
  }: { batchSize?: number; forgetSecrets?: boolean; smsHourlyBudget?: number } = {},
): Promise<number> {
  await giveUpAbandonedSends(db, clock());
  const rows = await claim(db, clock(), batchSize, smsHourlyBudget, clock);
  for (const row of rows) {
    if (!(await markSending(db, row.id, row.attempts, clock()))) continue;
    let accepted: Accepted;
    try {
      accepted = await sender.send(toMessage(row));
    } catch (error) {
      await recordRefused(db, row.id, row.attempts, error, clock());
      continue;
    }
    // If this write fails, sending_since stays: the message is never sent again (see giveUpAbandonedSends).
    await recordAccepted(db, row.id, accepted, clock(), forgetSecrets);
  }
  return rows.length;
}

export function startOutboxWorker(
  db: Database,
  sender: MessageSender,
  {
    log,
    clock = () => new Date(),
    pollMs = 1000,
    forgetSecrets = false,
    smsHourlyBudget = DEFAULT_SMS_HOURLY_BUDGET,
  }: { log: Logger; clock?: () => Date; pollMs?: number; forgetSecrets?: boolean; smsHourlyBudget?: number },
): Poller {
  return startPolling(async () => (await drainOutbox(db, sender, clock, { forgetSecrets, smsHourlyBudget })) > 0, {
    pollMs,
    firstAfterPoll: true,
    onError: (error) => log.error('outbox worker failed', { error: errorText(error) }),
  });
}
