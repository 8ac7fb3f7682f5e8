import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import { userEventTypes, type UserEvent } from './user.events.ts';

type UserType = 'renter' | 'owner' | 'agent' | 'both';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string | null;
      phone: string | null;
      firstName: string;
      lastName: string;
      userType: UserType;
      businessName: string | null;
      passwordHash: string;
      at: Date;
    }
  | {
      type: 'ChangeProfile';
      firstName: string;
      lastName: string;
      /** undefined: unchanged; null: removed. */
      email?: string | null | undefined;
      phone?: string | null | undefined;
      businessName?: string | null | undefined;
      licenseNumber?: string | null | undefined;
      userType?: UserType | undefined;
      /** The current password, checked by the caller; a change of e-mail or phone needs 'matches'. */
      currentPassword: PasswordProof;
      at: Date;
    }
  | { type: 'VerifyEmail'; email: string; at: Date }
  | { type: 'VerifyPhone'; phone: string; at: Date }
  | { type: 'ChangePassword'; currentPasswordMatches: boolean; passwordHash: string; at: Date }
  | { type: 'RequestPasswordReset'; tokenHash: string; sentTo: string; at: Date; expiresAt: Date }
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; at: Date }
  | { type: 'ClaimForOperator'; email: string; passwordHash: string; by: string; at: Date };
// Admin rights are commands of their own decider on the same stream (admin-role.decider.ts).

export type PasswordProof = 'matches' | 'wrong' | 'missing';

export type Profile = {
  firstName: string;
  lastName: string;
  businessName: string | null;
  licenseNumber: string | null;
  userType: UserType;
};

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      email: string | null;
      phone: string | null;
      emailVerified: boolean;
      phoneVerified: boolean;
      /** Addresses asked for but not yet proven with a code: the old ones sign in until then. */
      pendingEmail: string | null;
      pendingPhone: string | null;
      isAdmin: boolean;
      /** Suspended by an admin (events/user/account-suspension.decider.ts): no sign-in until lifted. */
      suspended: boolean;
      profile: Profile;
      /** Reset links not yet used, by token hash. A completed reset or a password change voids them all. */
      resetTokens: Record<string, { expiresAt: string; sentTo: string }>;
    };

const notRegistered = () => new DomainError('not_found', 'user_not_found', 'No such account.');

const passwordRefused = (proof: PasswordProof) =>
  proof === 'missing'
    ? new DomainError(
        'invalid',
        'current_password_required',
        'Enter your current password to change your email or phone number',
        {
          issues: [
            { path: 'currentPassword', message: 'Enter your current password to change your email or phone number' },
          ],
        },
      )
    : new DomainError('invalid', 'wrong_password', 'Current password is incorrect', {
        issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      });

/**
 * The events that change how the account signs in: a new address is only
 * requested (it takes over once its code comes back), a removal is at once.
 */
function identifierEvents(
  kind: 'email' | 'phone',
  wanted: string | null | undefined,
  current: string | null,
  pending: string | null,
  at: string,
): UserEvent[] {
  if (wanted === undefined || wanted === current) return [];
  if (wanted === null)
    return kind === 'email'
      ? [{ type: 'EmailChanged', data: { email: null, changedAt: at } }]
      : [{ type: 'PhoneChanged', data: { phone: null, changedAt: at } }];
  if (wanted === pending) return [];
  return kind === 'email'
    ? [{ type: 'EmailChangeRequested', data: { email: wanted, requestedAt: at } }]
    : [{ type: 'PhoneChangeRequested', data: { phone: wanted, requestedAt: at } }];
}

export const invalidResetLink = () =>
  new DomainError(
    'invalid',
    'invalid_reset_token',
    'This reset link is invalid or has already been used. Ask for a new one.',
  );

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const at = command.at.toISOString();
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none')
        throw new DomainError('conflict', 'already_registered', 'This account already exists.');
      if (command.email === null && command.phone === null) {
        throw new DomainError('invalid', 'identifier_required', 'An e-mail address or a phone number is required.');
      }
      const { type: _type, at: _at, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, registeredAt: at } }];
    }
    if (state.status === 'none') throw notRegistered();

    switch (command.type) {
      case 'ChangeProfile': {
        // Only a removal changes the sign-in addresses now; a new one waits for its code.
        const email = command.email === null ? null : state.email;
        const phone = command.phone === null ? null : state.phone;
        if (email === null && phone === null) {
          throw new DomainError('invalid', 'identifier_required', 'Phone number is required', {
            issues: [{ path: 'phone', message: 'Phone number is required' }],
          });
        }
        const profile: Profile = {
          firstName: command.firstName,
          lastName: command.lastName,
          businessName: command.businessName === undefined ? state.profile.businessName : command.businessName,
          licenseNumber: command.licenseNumber === undefined ? state.profile.licenseNumber : command.licenseNumber,
          userType: command.userType ?? state.profile.userType,
        };
        const events: UserEvent[] = [];
        const same = (Object.keys(profile) as (keyof Profile)[]).every((k) => profile[k] === state.profile[k]);
        if (!same) events.push({ type: 'ProfileChanged', data: { ...profile, changedAt: at } });
        const identifiers = [
          ...identifierEvents('email', command.email, state.email, state.pendingEmail, at),
          ...identifierEvents('phone', command.phone, state.phone, state.pendingPhone, at),
        ];
        if (identifiers.length > 0 && command.currentPassword !== 'matches')
          throw passwordRefused(command.currentPassword);
        return [...events, ...identifiers];
      }
      case 'VerifyEmail':
        if (state.pendingEmail === command.email) {
          return [
            { type: 'EmailChanged', data: { email: command.email, changedAt: at } },
            { type: 'EmailVerified', data: { email: command.email, verifiedAt: at } },
          ];
        }
        if (state.email !== command.email) {
          throw new DomainError(
            'conflict',
            'address_changed',
            'The e-mail address changed since this code was sent. Use the newest code.',
          );
        }
        return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { email: command.email, verifiedAt: at } }];
      case 'VerifyPhone':
        if (state.pendingPhone === command.phone) {
          return [
            { type: 'PhoneChanged', data: { phone: command.phone, changedAt: at } },
            { type: 'PhoneVerified', data: { phone: command.phone, verifiedAt: at } },
          ];
        }
        if (state.phone !== command.phone) {
          throw new DomainError(
            'conflict',
            'address_changed',
            'The phone number changed since this code was sent. Use the newest code.',
          );
        }
        return state.phoneVerified ? [] : [{ type: 'PhoneVerified', data: { phone: command.phone, verifiedAt: at } }];
      case 'ClaimForOperator': {
        // Only an address nobody has proven may be claimed: a verified one is the operator's already.
        if (state.email !== command.email || state.emailVerified) {
          throw new DomainError(
            'conflict',
            'not_claimable',
            'Only an account whose e-mail address is not verified can be claimed.',
          );
        }
        const events: UserEvent[] = [
          { type: 'PasswordSetByOperator', data: { passwordHash: command.passwordHash, setAt: at, setBy: command.by } },
        ];
        // A new address the squatter asked for is not the operator's: the change is settled on the address the operator holds.
        if (state.pendingEmail !== null)
          events.push({ type: 'EmailChanged', data: { email: command.email, changedAt: at } });
        events.push({ type: 'EmailVerified', data: { email: command.email, verifiedAt: at } });
        // Whoever registered the address first may have added a phone to reset the password by: it goes.
        if (state.phone !== null || state.pendingPhone !== null)
          events.push({ type: 'PhoneChanged', data: { phone: null, changedAt: at } });
        return events;
      }
      case 'ChangePassword':
        if (!command.currentPasswordMatches) {
          throw new DomainError('invalid', 'wrong_password', 'Current password is incorrect', {
            issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
          });
        }
        return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash, changedAt: at } }];
      case 'RequestPasswordReset':
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              tokenHash: command.tokenHash,
              sentTo: command.sentTo,
              requestedAt: at,
              expiresAt: command.expiresAt.toISOString(),
            },
          },
        ];
      case 'CompletePasswordReset': {
        const link = state.resetTokens[command.tokenHash];
        if (link === undefined) throw invalidResetLink();
        if (Date.parse(link.expiresAt) <= command.at.getTime()) {
          throw new DomainError('invalid', 'reset_link_expired', 'This reset link has expired. Ask for a new one.');
        }
        const events: UserEvent[] = [
          {
            type: 'PasswordResetCompleted',
            data: { tokenHash: command.tokenHash, passwordHash: command.passwordHash, completedAt: at },
          },
        ];
        // Opening the link proves the person holds the address it was sent to.
        if (link.sentTo === state.email && !state.emailVerified)
          events.push({ type: 'EmailVerified', data: { email: link.sentTo, verifiedAt: at } });
        if (link.sentTo === state.phone && !state.phoneVerified)
          events.push({ type: 'PhoneVerified', data: { phone: link.sentTo, verifiedAt: at } });
        return events;
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const d = event.data;
      return {
        status: 'registered',
        userId: d.userId,
        email: d.email,
        phone: d.phone,
        emailVerified: false,
        phoneVerified: false,
        pendingEmail: null,
        pendingPhone: null,
        isAdmin: false,
        suspended: false,
        profile: {
          firstName: d.firstName,
          lastName: d.lastName,
          businessName: d.businessName,
          licenseNumber: null,
          userType: d.userType,
        },
        resetTokens: {},
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ProfileChanged': {
        const { changedAt: _changedAt, ...profile } = event.data;
        return { ...state, profile };
      }
      case 'EmailChangeRequested':
        return { ...state, pendingEmail: event.data.email };
      case 'PhoneChangeRequested':
        return { ...state, pendingPhone: event.data.phone };
      // A reset link sent to an address the account no longer has must not open it.
      case 'EmailChanged':
        return { ...state, email: event.data.email, emailVerified: false, pendingEmail: null, resetTokens: {} };
      case 'PhoneChanged':
        return { ...state, phone: event.data.phone, phoneVerified: false, pendingPhone: null, resetTokens: {} };
      case 'EmailVerified':
        return event.data.email === state.email ? { ...state, emailVerified: true } : state;
      case 'PhoneVerified':
        return event.data.phone === state.phone ? { ...state, phoneVerified: true } : state;
      case 'PasswordChanged':
      case 'PasswordResetCompleted':
      case 'PasswordSetByOperator':
        return { ...state, resetTokens: {} };
      case 'PasswordResetRequested':
        return {
          ...state,
          resetTokens: {
            ...state.resetTokens,
            [event.data.tokenHash]: { expiresAt: event.data.expiresAt, sentTo: event.data.sentTo },
          },
        };
      case 'AdminGranted':
        return { ...state, isAdmin: true };
      case 'AdminRevoked':
        return { ...state, isAdmin: false };
      case 'AccountSuspended':
        return { ...state, suspended: true };
      case 'AccountSuspensionLifted':
        return { ...state, suspended: false };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};

export const userAggregate = { eventTypes: userEventTypes, decider: userDecider };
