import type { Database } from '../../events/store/sql.ts';
import type { Logger } from '../logger.ts';
import { toMessage, type OutboxRow } from './outbox.ts';
import type { MessageSender } from './sender.ts';

const MAX_ATTEMPTS = 10;
/** How long a claimed message is left to its sender before another pass may take it. */
const LEASE_MS = 60_000;
/** After a failed send, wait attempts × this before trying again. */
const RETRY_STEP_MS = 30_000;
export const FORGOTTEN_TEXT = 'Sent. The text held a code or a link and is not kept.';

/**
 * Hands unsent messages to the sender, oldest first. A short transaction
 * claims a batch (SKIP LOCKED, with a lease), the sender runs outside any
 * transaction, and each outcome is written on its own: two servers never send
 * the same message at once, a crash mid-send frees the message when its lease
 * ends (at-least-once), and a failure is retried later, up to MAX_ATTEMPTS.
 */
export async function drainOutbox(
  db: Database,
  sender: MessageSender,
  clock: () => Date,
  { batchSize = 20, forgetSecrets = false }: { batchSize?: number; forgetSecrets?: boolean } = {},
): Promise<number> {
  const now = clock();
  const rows = await db.query<OutboxRow & { seq: number }>(
    `update outbox_messages set claimed_until = $3, attempts = attempts + 1
     where id in (
       select id from outbox_messages
       where sent_at is null and attempts < $1 and (claimed_until is null or claimed_until <= $4)
       order by created_at, seq limit $2 for update skip locked)
     returning id, channel, recipient, subject, body, created_at, sent_at, seq`,
    [MAX_ATTEMPTS, batchSize, new Date(now.getTime() + LEASE_MS), now],
  );
  rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.seq - b.seq);
  for (const row of rows) {
    try {
      await sender.send(toMessage(row));
      await db.query(
        `update outbox_messages set sent_at = $2, claimed_until = null,
           body = case when contains_secret and $3 then $4 else body end
         where id = $1`,
        [row.id, clock(), forgetSecrets, FORGOTTEN_TEXT],
      );
    } catch (error) {
      await db.query(
        `update outbox_messages set last_error = $2, claimed_until = $3::timestamptz + make_interval(secs => attempts * $4::float8 / 1000)
         where id = $1`,
        [row.id, error instanceof Error ? error.message : String(error), clock(), RETRY_STEP_MS],
      );
    }
  }
  return rows.length;
}

export function startOutboxWorker(
  db: Database,
  sender: MessageSender,
  { log, clock = () => new Date(), pollMs = 1000, forgetSecrets = false }: { log: Logger; clock?: () => Date; pollMs?: number; forgetSecrets?: boolean },
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = drainOutbox(db, sender, clock, { forgetSecrets })
      .then((count) => {
        if (!stopped) timer = setTimeout(tick, count > 0 ? 0 : pollMs);
      })
      .catch((error: unknown) => {
        log.error('outbox worker failed', { error: error instanceof Error ? error.message : String(error) });
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
