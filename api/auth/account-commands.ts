import type { Context } from 'hono';
import { handleCommand } from '../../events/store/command-handler.ts';
import { DomainError } from '../../events/store/errors.ts';
import { userAggregate, type UserCommand } from '../../events/user/user.decider.ts';
import { userStreamId, type UserEvent } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { sendLimits, tooManyCodes } from '../limits/send-limits.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { verificationCodeMessage } from './messages.ts';
import { createVerificationCodes, type Channel } from './verification-codes.ts';

/** A unique index of the users read model refused the append (a race the pre-check lost). */
function duplicateOf(error: unknown): DomainError | undefined {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('users_email_unique')) return emailTaken();
  if (message.includes('users_phone_unique')) return phoneTaken();
  return undefined;
}

export const emailTaken = () =>
  new DomainError('conflict', 'email_taken', 'An account with this email already exists', {
    issues: [{ path: 'email', message: 'An account with this email already exists' }],
  });
export const phoneTaken = () =>
  new DomainError('conflict', 'phone_taken', 'An account with this phone number already exists', {
    issues: [{ path: 'phone', message: 'An account with this phone number already exists' }],
  });

/** Runs a command on a user's stream with the request's actor, request id and idempotency key. */
export async function runUserCommand(
  deps: Pick<AppDeps, 'store'>,
  c: Context<AppEnv> | undefined,
  userId: string,
  command: UserCommand,
  options: {
    expectedVersion?: number | undefined;
    actorId?: string;
    /** Runs in the append's transaction with the new events (codes and notices they call for): a throw stores nothing. */
    alongside?: (tx: SqlClient, events: UserEvent[]) => Promise<void>;
  } = {},
) {
  const { alongside } = options;
  try {
    return await handleCommand(deps.store, userAggregate, userStreamId(userId), command, {
      expectedVersion: options.expectedVersion,
      metadata: { actorId: options.actorId ?? c?.var.user?.id ?? userId, ...(c ? { requestId: c.var.requestId } : {}) },
      idempotency: c?.var.idempotency,
      ...(alongside ? { alongside } : {}),
    });
  } catch (error) {
    throw duplicateOf(error) ?? error;
  }
}

/**
 * Issues a code for the address and puts the message in the outbox, counted against the
 * limits on codes (api/limits/send-limits.ts): per address, per account and per client
 * (`client` undefined: exempt). In `tx` when given, else in a transaction of its own; a full
 * limit throws 429 too_many_codes and nothing is issued, sent or counted.
 */
export async function sendVerificationCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'outbox'>,
  userId: string,
  channel: Channel,
  target: string,
  options: { resendAfterMs?: number; client?: string | undefined; tx?: SqlClient } = {},
): Promise<void> {
  const send = async (tx: SqlClient) => {
    const code = await createVerificationCodes(deps.db, deps.clock).issue(userId, channel, target, { ...(options.resendAfterMs === undefined ? {} : { resendAfterMs: options.resendAfterMs }), tx });
    await createRateLimiter(deps.clock).take(tx, sendLimits({ channel, to: target, accountId: userId, client: options.client }), tooManyCodes);
    await deps.outbox.enqueue(verificationCodeMessage(channel, target, code), tx);
  };
  if (options.tx) await send(options.tx);
  else await deps.db.transaction(send);
}
