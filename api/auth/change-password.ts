import type { Context } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { runUserCommand } from './account-commands.ts';
import { currentUser } from './session.middleware.ts';
import { createSessions } from './sessions.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { passwordHashOf } from './users.read.ts';

/**
 * Both password forms (account settings and the admin panel). A wrong current
 * password counts as a failed sign-in for the account, so a borrowed session
 * cannot guess it; success signs out every other session of the account.
 */
export async function changePassword(deps: AppDeps, c: Context<AppEnv>, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const user = currentUser(c);
  const limiter = createSignInLimiter(deps.db, deps.clock);
  const key = `account:${user.id}`;
  await limiter.begin(key);
  const stored = await passwordHashOf(deps.db, user.id);
  const matches = stored ? await deps.passwords.verify(input.currentPassword, stored) : false;
  const passwordHash = matches ? await deps.passwords.hash(input.newPassword) : '';
  await runUserCommand(deps, c, user.id, { type: 'ChangePassword', currentPasswordMatches: matches, passwordHash, at: deps.clock() });
  await limiter.reset(key);
  await createSessions(deps.db, deps.clock).destroyAllOf(user.id, c.var.sessionToken);
}
