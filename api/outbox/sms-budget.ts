import type { SqlClient } from '../../events/store/sql.ts';
import type { SmsBudgetStatus } from '../contract/outbox.schema.ts';
import { createRateLimiter, type Limit } from '../limits/rate-limiter.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The global hourly budget for SMS, one limit every instance shares (api/limits/rate-limiter.ts).
 * It counts each hand-over to the gateway, a retry included, since each may be billed.
 */
export const smsBudget = (perHour: number): Limit => ({ key: 'outbox:sms-budget', max: perHour, windowMs: HOUR_MS });

/** What the admins' Delivery tab shows: how much of the hour's budget is used, what waits, and when sending resumes. */
export async function smsBudgetStatus(db: SqlClient, clock: () => Date, perHour: number): Promise<SmsBudgetStatus> {
  const { used, roomAt } = await createRateLimiter(clock).usage(db, smsBudget(perHour));
  const [row] = await db.query<{ n: number | string }>(
    `select count(*) as n from outbox_messages where channel = 'sms' and sent_at is null and failed_at is null and sending_since is null`,
  );
  return {
    perHour,
    usedThisHour: used,
    waiting: Number(row?.n ?? 0),
    reached: used >= perHour,
    resumesAt: used >= perHour && roomAt ? roomAt.toISOString() : null,
  };
}
