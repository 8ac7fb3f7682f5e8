import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import { ChangePasswordSchema, ProfileUpdateSchema, type ProfileUpdateAnswer, type VerificationMethod } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { emailTaken, phoneTaken, runUserCommand, sendVerificationCode } from './account-commands.ts';
import { changePassword } from './change-password.ts';
import { currentUser, requireUser } from './session.middleware.ts';
import { findUserById, findUserByIdentifier, toUser } from './users.read.ts';

const methodNames: Record<VerificationMethod, string> = { email: 'email address', phone: 'phone number' };

/** Account settings: PUT /api/auth/profile and PUT /api/auth/change-password. */
export const accountRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .put('/profile', requireUser, validate('json', ProfileUpdateSchema), async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('json');
      for (const kind of ['email', 'phone'] as const) {
        const value = input[kind];
        if (!value || value === user[kind]) continue;
        const holder = await findUserByIdentifier(deps.db, { kind, value });
        if (holder && holder.id !== user.id) throw kind === 'email' ? emailTaken() : phoneTaken();
      }
      const result = await runUserCommand(
        deps,
        c,
        user.id,
        {
          type: 'ChangeProfile',
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          businessName: input.businessName,
          licenseNumber: input.licenseNumber,
          userType: input.userType,
          at: deps.clock(),
        },
        { expectedVersion: input.expectedVersion },
      );
      const methods: VerificationMethod[] = [];
      for (const event of result.events) {
        if (event.type === 'EmailChanged' && event.data.email) {
          await sendVerificationCode(deps, user.id, 'email', event.data.email);
          methods.push('email');
        }
        if (event.type === 'PhoneChanged' && event.data.phone) {
          await sendVerificationCode(deps, user.id, 'phone', event.data.phone);
          methods.push('phone');
        }
      }
      const row = await findUserById(deps.db, user.id);
      const answer: ProfileUpdateAnswer = {
        message:
          methods.length > 0
            ? `Your account information has been saved. We sent a verification code to your new ${methods.map((m) => methodNames[m]).join(' and ')}.`
            : 'Your account information has been saved successfully',
        user: row ? toUser(row) : user,
        verificationRequired: methods.length > 0,
        verificationMethods: methods,
      };
      return c.json(answer);
    })

    .put('/change-password', requireUser, validate('json', ChangePasswordSchema), async (c) => {
      await changePassword(deps, c, c.req.valid('json'));
      return c.json({ message: 'Your password has been updated successfully' });
    });
