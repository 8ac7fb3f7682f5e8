import type { Context } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { accountCommands } from './account-commands.ts';
import { currentUser } from './session.middleware.ts';
import { endOtherSessions } from './sessions.ts';
import { isHashingBusy } from './password-queue.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { passwordHashOf } from './users.read.ts';

/**
 * Checks the signed-in person's current password. A wrong one counts as a
 * failed sign-in of the account (429 after 5), so a borrowed session cannot
 * guess it; a right one forgives the earlier failures.
 */
export async function verifyCurrentPassword(
  deps: Pick<AppDeps, 'db' | 'clock' | 'passwords'>,
  userId: string,
  given: string,
): Promise<boolean> {
  const limiter = createSignInLimiter(deps.db, deps.clock);
  const key = `account:${userId}`;
  await limiter.begin(key);
  const stored = await passwordHashOf(deps.db, userId);
  const matches =
    stored !== undefined &&
    (await deps.passwords.verify(given, stored).catch(async (error: unknown) => {
      // 503, the password never checked: not a wrong guess.
      if (isHashingBusy(error)) await limiter.withdraw(key);
      throw error;
    }));
  if (matches) await limiter.reset(key);
  return matches;
}

/**
 * Both password forms (account settings and the admin panel). Success signs
 * out every other session of the account.
 */
export async function changePassword(
  deps: AppDeps,
  c: Context<AppEnv>,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = currentUser(c);
  const matches = await verifyCurrentPassword(deps, user.id, input.currentPassword);
  const passwordHash = matches ? await deps.passwords.hash(input.newPassword) : '';
  await runCommand(deps.store, requestOrigin(c.var), accountCommands, user.id, {
    type: 'ChangePassword',
    currentPasswordMatches: matches,
    passwordHash,
    at: deps.clock(),
  });
  await endOtherSessions(deps, c, user.id);
}
