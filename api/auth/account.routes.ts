import { Hono } from 'hono';
import type { PasswordProof } from '../../events/user/user.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  ChangePasswordSchema,
  ProfileUpdateSchema,
  type ProfileUpdateAnswer,
  type ProfileUpdateInput,
  type User,
  type VerificationMethod,
} from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { emailTaken, phoneTaken, runUserCommand, sendVerificationCode } from './account-commands.ts';
import { changePassword, verifyCurrentPassword } from './change-password.ts';
import { identifierChangeNotice, identifierRemovedNotice } from './messages.ts';
import { currentUser, requireUser } from './session.middleware.ts';
import { endOtherSessions } from './sessions.ts';
import { findUserById, findUserByIdentifier, toUser } from './users.read.ts';

const methodNames: Record<VerificationMethod, string> = { email: 'email address', phone: 'phone number' };
const pendingOf = (user: User, kind: VerificationMethod) => (kind === 'email' ? user.pendingEmail : user.pendingPhone);

/** The e-mail or phone the form asks for that the account neither has nor waits for. */
const newIdentifiers = (user: User, input: ProfileUpdateInput) =>
  (['email', 'phone'] as const).filter((kind) => {
    const value = input[kind];
    return value !== undefined && value !== user[kind] && (value === null || value !== pendingOf(user, kind));
  });

/** The current password, when a change of sign-in address needs it. */
async function proveCurrentPassword(deps: AppDeps, user: User, given: string | undefined): Promise<PasswordProof> {
  if (given === undefined || given === '') return 'missing';
  return (await verifyCurrentPassword(deps, user.id, given)) ? 'matches' : 'wrong';
}

/**
 * Account settings: PUT /api/auth/profile and PUT /api/auth/change-password.
 * A new e-mail or phone needs the current password and only waits for its
 * code: the old address signs in until then, is told at once, and every other
 * session of the account ends.
 */
export const accountRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>()
    .put('/profile', requireUser, validate('json', ProfileUpdateSchema), async (c) => {
      const user = currentUser(c);
      const input = c.req.valid('json');
      const changing = newIdentifiers(user, input);
      for (const kind of changing) {
        const value = input[kind];
        if (!value) continue;
        const holder = await findUserByIdentifier(deps.db, { kind, value });
        if (holder && holder.id !== user.id) throw kind === 'email' ? emailTaken() : phoneTaken();
      }
      const currentPassword = changing.length > 0 ? await proveCurrentPassword(deps, user, input.currentPassword) : 'missing';
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
          currentPassword,
          at: deps.clock(),
        },
        { expectedVersion: input.expectedVersion },
      );
      const methods = await tellAddresses(deps, user, result.events);
      if (result.events.some((e) => e.type !== 'ProfileChanged')) await endOtherSessions(deps, c, user.id);
      const row = await findUserById(deps.db, user.id);
      const answer: ProfileUpdateAnswer = {
        message:
          methods.length > 0
            ? `Your account information has been saved. We sent a verification code to your new ${methods.map((m) => methodNames[m]).join(' and ')}; ` +
              `until you enter it, you keep signing in with the current one.`
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

type ProfileEvent = Awaited<ReturnType<typeof runUserCommand>>['events'][number];

/** A code to each new address; a notice to each address being replaced or removed. Answers the channels that got a code. */
async function tellAddresses(deps: AppDeps, user: User, events: ProfileEvent[]): Promise<VerificationMethod[]> {
  const origin = deps.config.publicOrigin;
  const methods: VerificationMethod[] = [];
  for (const event of events) {
    if (event.type === 'EmailChangeRequested') {
      await sendVerificationCode(deps, user.id, 'email', event.data.email);
      if (user.email) await deps.outbox.enqueue(identifierChangeNotice('email', user.email, event.data.email, origin));
      methods.push('email');
    }
    if (event.type === 'PhoneChangeRequested') {
      await sendVerificationCode(deps, user.id, 'phone', event.data.phone);
      if (user.phone) await deps.outbox.enqueue(identifierChangeNotice('phone', user.phone, event.data.phone, origin));
      methods.push('phone');
    }
    if (event.type === 'EmailChanged' && event.data.email === null && user.email) {
      await deps.outbox.enqueue(identifierRemovedNotice('email', user.email, origin));
    }
    if (event.type === 'PhoneChanged' && event.data.phone === null && user.phone) {
      await deps.outbox.enqueue(identifierRemovedNotice('phone', user.phone, origin));
    }
  }
  return methods;
}
