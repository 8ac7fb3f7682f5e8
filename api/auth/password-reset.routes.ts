import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { clientKeyOf, sendLimits } from '../limits/send-limits.ts';
import { validate } from '../middleware/validate.ts';
import { invalidResetLink } from '../../events/user/user.decider.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { accountCommands } from './account-commands.ts';
import { passwordResetMessage } from './messages.ts';
import { createSessions } from './sessions.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { randomToken, sha256 } from './tokens.ts';
import { findUserById, findUserByIdentifier } from './users.read.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that address, we have sent it a link to reset the password. The link works for 60 minutes.';

/**
 * Forgot password and reset by link. The link's token is `userId.secret`: the
 * id finds the stream, and only the SHA-256 of the whole token is in the log,
 * where the user's decider checks it is unused and unexpired.
 */
export function passwordResetRoutes(deps: AppDeps) {
  // A reset forgives the address's failed sign-ins.
  const limiter = createSignInLimiter(deps.db, deps.clock);
  const sendLimiter = createRateLimiter(deps.clock);
  return new Hono<AppEnv>()
    .post('/forgot-password', validate('json', ForgotPasswordSchema), async (c) => {
      const identifier = c.req.valid('json');
      // Counted per address and per client whether or not an account exists; past a limit the
      // answer is the same 200 and nothing is sent, so neither tells whether the account exists.
      const limits = sendLimits({
        channel: identifier.kind,
        to: identifier.value,
        client: clientKeyOf(c, deps.config.devOutbox),
      });
      const refused = await deps.db.transaction((tx) => sendLimiter.attempt(tx, limits));
      const row = refused ? undefined : await findUserByIdentifier(deps.db, identifier);
      if (row) {
        const token = `${row.id}.${randomToken()}`;
        const now = deps.clock();
        await runCommand(deps.store, requestOrigin(c.var), accountCommands, row.id, {
          type: 'RequestPasswordReset',
          tokenHash: sha256(token),
          sentTo: identifier.value,
          at: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
        });
        const link = `${deps.config.publicOrigin}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.outbox.enqueue(passwordResetMessage(identifier.kind, identifier.value, link));
      }
      return c.json({ message: FORGOT_PASSWORD_MESSAGE });
    })

    .post('/reset-password', validate('json', ResetPasswordSchema), async (c) => {
      const { token, newPassword } = c.req.valid('json');
      const userId = token.split('.')[0] ?? '';
      const row = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
      if (!row) throw invalidResetLink();
      const passwordHash = await deps.passwords.hash(newPassword);
      await runCommand(deps.store, requestOrigin(c.var), accountCommands, row.id, {
        type: 'CompletePasswordReset',
        tokenHash: sha256(token),
        passwordHash,
        at: deps.clock(),
      });
      // Whoever held the old password is signed out everywhere.
      await createSessions(deps.db, deps.clock).destroyAllOf(row.id);
      const limiterKeys = [row.email && `email:${row.email}`, row.phone && `phone:${row.phone}`].filter(
        (k): k is string => Boolean(k),
      );
      for (const key of limiterKeys) await limiter.reset(key);
      return c.json({ message: 'Your password has been reset. You can sign in with the new one now.' });
    });
}
