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
import { clientKeyOf } from '../limits/send-limits.ts';
import { validate } from '../middleware/validate.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { UserEvent } from '../../events/user/user.events.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { accountCommands, emailTaken, phoneTaken, sendVerificationCode } from './account-commands.ts';
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
      const client = clientKeyOf(c, deps.config.devOutbox);
      const currentPassword =
        changing.length > 0 ? await proveCurrentPassword(deps, user, input.currentPassword) : 'missing';
      const result = await runCommand(
        deps.store,
        requestOrigin(c.var),
        accountCommands,
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
        {
          expectedVersion: input.expectedVersion,
          // In the append's transaction: past a limit on codes (429), the change is not stored either.
          alongside: (tx, events) => tellAddresses(deps, user, events, { tx, client }),
        },
      );
      const methods = codeChannels(result.events);
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

type ProfileEvent = UserEvent;

/** The channels the change sent a code to. */
const codeChannels = (events: readonly ProfileEvent[]): VerificationMethod[] => [
  ...(events.some((e) => e.type === 'EmailChangeRequested') ? (['email'] as const) : []),
  ...(events.some((e) => e.type === 'PhoneChangeRequested') ? (['phone'] as const) : []),
];

/**
 * A code to each new address (counted against the limits on codes); a notice to each address
 * being replaced or removed. To an address the account never proved, the notice does not name
 * the new address: its domain is text that whoever is signed in chose.
 */
async function tellAddresses(
  deps: AppDeps,
  user: User,
  events: readonly ProfileEvent[],
  { tx, client }: { tx: SqlClient; client: string | undefined },
) {
  const origin = deps.config.publicOrigin;
  for (const event of events) {
    if (event.type === 'EmailChangeRequested') {
      await sendVerificationCode(deps, user.id, 'email', event.data.email, { tx, client });
      if (user.email)
        await deps.outbox.enqueue(
          identifierChangeNotice('email', user.email, user.emailVerified ? event.data.email : null, origin),
          tx,
        );
    }
    if (event.type === 'PhoneChangeRequested') {
      await sendVerificationCode(deps, user.id, 'phone', event.data.phone, { tx, client });
      if (user.phone)
        await deps.outbox.enqueue(
          identifierChangeNotice('phone', user.phone, user.phoneVerified ? event.data.phone : null, origin),
          tx,
        );
    }
    if (event.type === 'EmailChanged' && event.data.email === null && user.email) {
      await deps.outbox.enqueue(identifierRemovedNotice('email', user.email, origin), tx);
    }
    if (event.type === 'PhoneChanged' && event.data.phone === null && user.phone) {
      await deps.outbox.enqueue(identifierRemovedNotice('phone', user.phone, origin), tx);
    }
  }
}
