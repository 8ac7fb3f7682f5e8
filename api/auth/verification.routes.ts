import { Hono } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { VerifyCodeSchema } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientKeyOf } from '../limits/send-limits.ts';
import { validate } from '../middleware/validate.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { accountCommands, sendVerificationCode } from './account-commands.ts';
import { currentUser, requireUser } from './session.middleware.ts';
import { endOtherSessions } from './sessions.ts';
import { findUserById, toUser } from './users.read.ts';
import { createVerificationCodes, type Channel } from './verification-codes.ts';

const label: Record<Channel, string> = { email: 'email address', phone: 'phone number' };

/** Codes prove the signed-in person holds the address: verify-email-code, verify-phone-code and the resends. */
export function verificationRoutes(deps: AppDeps) {
  const codes = createVerificationCodes(deps.db, deps.clock, deps.config.codeResendAfterSeconds * 1000);

  const app = new Hono<AppEnv>();
  for (const channel of ['email', 'phone'] as const) {
    app.post(`/verify-${channel}-code`, requireUser, validate('json', VerifyCodeSchema), async (c) => {
      const user = currentUser(c);
      const target = await codes.consume(user.id, channel, c.req.valid('json').code);
      const result = await runCommand(
        deps.store,
        requestOrigin(c.var),
        accountCommands,
        user.id,
        channel === 'email'
          ? { type: 'VerifyEmail', email: target, at: deps.clock() }
          : { type: 'VerifyPhone', phone: target, at: deps.clock() },
      );
      // A new address took over from the old one: only this session stays signed in.
      if (result.events.some((e) => e.type === 'EmailChanged' || e.type === 'PhoneChanged'))
        await endOtherSessions(deps, c, user.id);
      const row = await findUserById(deps.db, user.id);
      return c.json({ message: `Your ${label[channel]} is verified`, user: row ? toUser(row) : user });
    });

    app.post(`/resend-${channel}-verification`, requireUser, async (c) => {
      const user = currentUser(c);
      // A new address waiting for its code comes first; else the current one, if unproven.
      const pending = channel === 'email' ? user.pendingEmail : user.pendingPhone;
      const target = pending ?? user[channel];
      if (!target) {
        throw new DomainError('invalid', `no_${channel}`, `There is no ${label[channel]} on this account to verify.`);
      }
      if (!pending && (channel === 'email' ? user.emailVerified : user.phoneVerified)) {
        return c.json({ message: `Your ${label[channel]} is already verified` });
      }
      await sendVerificationCode(deps, user.id, channel, target, {
        resend: true,
        client: clientKeyOf(c, deps.config.devOutbox),
      });
      return c.json({
        message: `A new verification code has been sent to your ${channel === 'email' ? 'email' : 'phone'}`,
      });
    });
  }
  return app;
}
