import * as v from 'valibot';

/** Why a message is no longer tried: refused for good, attempts used up, or it may have arrived. */
export const DELIVERY_FAILURES = ['refused', 'exhausted', 'uncertain'] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

/** GET /api/admin/outbox?status=failed (admins only). */
export const AdminOutboxQuerySchema = v.object({
  status: v.optional(v.picklist(['failed'], 'status must be failed'), 'failed'),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'limit must be a whole number'),
      v.transform(Number),
      v.number(),
      v.minValue(1),
      v.maxValue(200),
    ),
    '100',
  ),
});

/** A message the outbox gave up on. `text` is null when it held a code or a link (never shown, even to admins). */
export type FailedMessage = {
  id: string;
  channel: 'email' | 'sms' | 'push';
  to: string;
  subject: string | null;
  text: string | null;
  attempts: number;
  failure: DeliveryFailure;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
};
/**
 * The global hourly SMS budget (SMS_HOURLY_BUDGET): SMS handed to the gateway in the last hour,
 * SMS waiting to be sent, and, once the budget is reached, when sending resumes. Past the budget
 * an SMS waits in the outbox; it is neither dropped nor failed.
 */
export type SmsBudgetStatus = {
  perHour: number;
  usedThisHour: number;
  waiting: number;
  reached: boolean;
  resumesAt: string | null;
};
/**
 * How messages leave (issue 28): per channel the gateway configured, or `log` when none is
 * (the message is only recorded, nothing is delivered); `devOutbox` when EFIE_DEV_OUTBOX=1
 * shows codes and links at /api/dev/outbox to callers on the server's machine.
 */
export type DeliverySetup = { email: 'smtp' | 'log'; sms: 'twilio' | 'log'; devOutbox: boolean };
export type AdminOutboxAnswer = { messages: FailedMessage[]; smsBudget: SmsBudgetStatus; delivery: DeliverySetup };
