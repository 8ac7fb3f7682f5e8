import { DomainError } from '../../events/store/errors.ts';
import { adminRoleAggregate } from '../../events/user/admin-role.decider.ts';
import { userAggregate } from '../../events/user/user.decider.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { commandTarget } from '../commands/run-command.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { sendLimits, tooManyCodes } from '../limits/send-limits.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { verificationCodeMessage } from './messages.ts';
import { createVerificationCodes, type Channel } from './verification-codes.ts';

export const emailTaken = () =>
  new DomainError('conflict', 'email_taken', 'An account with this email already exists', {
    issues: [{ path: 'email', message: 'An account with this email already exists' }],
  });
export const phoneTaken = () =>
  new DomainError('conflict', 'phone_taken', 'An account with this phone number already exists', {
    issues: [{ path: 'phone', message: 'An account with this phone number already exists' }],
  });

/**
 * Accounts as the command runner runs them. The users read model keeps e-mail addresses and
 * phone numbers unique: a request that lost the race past the route's own check is told the
 * address is taken, found by the index's name.
 */
export const accountCommands = commandTarget(userAggregate, {
  streamId: userStreamId,
  uniqueIndexes: { users_email_unique: emailTaken, users_phone_unique: phoneTaken },
});

/** Admin rights, on the same streams (events/user/admin-role.decider.ts). */
export const adminRoleCommands = commandTarget(adminRoleAggregate, { streamId: userStreamId });

/**
 * Issues a code for the address and puts the message in the outbox, counted against the
 * limits on codes (api/limits/send-limits.ts): per address, per account and per client
 * (`client` undefined: exempt). In `tx` when given, else in a transaction of its own; a full
 * limit throws 429 too_many_codes and nothing is issued, sent or counted. `resend`: the caller
 * asked for another code, which waits CODE_RESEND_AFTER_SECONDS after the last.
 */
export async function sendVerificationCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'outbox' | 'config'>,
  userId: string,
  channel: Channel,
  target: string,
  options: { resend?: boolean; client?: string | undefined; tx?: SqlClient } = {},
): Promise<void> {
  const send = async (tx: SqlClient) => {
    const codes = createVerificationCodes(deps.db, deps.clock, deps.config.codeResendAfterSeconds * 1000);
    const code = await codes.issue(userId, channel, target, { resend: options.resend ?? false, tx });
    await createRateLimiter(deps.clock).take(
      tx,
      sendLimits({ channel, to: target, accountId: userId, client: options.client }),
      tooManyCodes,
    );
    await deps.outbox.enqueue(verificationCodeMessage(channel, target, code), tx);
  };
  if (options.tx) await send(options.tx);
  else await deps.db.transaction(send);
}
