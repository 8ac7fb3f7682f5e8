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
      at: Date;
    }
  | { type: 'VerifyEmail'; email: string; at: Date }
  | { type: 'VerifyPhone'; phone: string; at: Date }
  | { type: 'ChangePassword'; currentPasswordMatches: boolean; passwordHash: string; at: Date }
  | { type: 'RequestPasswordReset'; tokenHash: string; sentTo: string; at: Date; expiresAt: Date }
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; at: Date }
  | { type: 'GrantAdmin'; by: string; at: Date }
  | { type: 'RevokeAdmin'; by: string; at: Date };

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
      isAdmin: boolean;
      profile: Profile;
      /** Reset links not yet used, by token hash. A completed reset or a password change voids them all. */
      resetTokens: Record<string, { expiresAt: string; sentTo: string }>;
    };

const notRegistered = () => new DomainError('not_found', 'user_not_found', 'No such account.');

export const invalidResetLink = () =>
  new DomainError('invalid', 'invalid_reset_token', 'This reset link is invalid or has already been used. Ask for a new one.');

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    const at = command.at.toISOString();
    if (command.type === 'RegisterUser') {
      if (state.status !== 'none') throw new DomainError('conflict', 'already_registered', 'This account already exists.');
      if (command.email === null && command.phone === null) {
        throw new DomainError('invalid', 'identifier_required', 'An e-mail address or a phone number is required.');
      }
      const { type: _type, at: _at, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, registeredAt: at } }];
    }
    if (state.status === 'none') throw notRegistered();

    switch (command.type) {
      case 'ChangeProfile': {
        const email = command.email === undefined ? state.email : command.email;
        const phone = command.phone === undefined ? state.phone : command.phone;
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
        if (email !== state.email) events.push({ type: 'EmailChanged', data: { email, changedAt: at } });
        if (phone !== state.phone) events.push({ type: 'PhoneChanged', data: { phone, changedAt: at } });
        return events;
      }
      case 'VerifyEmail':
        if (state.email !== command.email) {
          throw new DomainError('conflict', 'address_changed', 'The e-mail address changed since this code was sent. Use the newest code.');
        }
        return state.emailVerified ? [] : [{ type: 'EmailVerified', data: { email: command.email, verifiedAt: at } }];
      case 'VerifyPhone':
        if (state.phone !== command.phone) {
          throw new DomainError('conflict', 'address_changed', 'The phone number changed since this code was sent. Use the newest code.');
        }
        return state.phoneVerified ? [] : [{ type: 'PhoneVerified', data: { phone: command.phone, verifiedAt: at } }];
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
            data: { tokenHash: command.tokenHash, sentTo: command.sentTo, requestedAt: at, expiresAt: command.expiresAt.toISOString() },
          },
        ];
      case 'CompletePasswordReset': {
        const link = state.resetTokens[command.tokenHash];
        if (link === undefined) throw invalidResetLink();
        if (Date.parse(link.expiresAt) <= command.at.getTime()) {
          throw new DomainError('invalid', 'reset_link_expired', 'This reset link has expired. Ask for a new one.');
        }
        const events: UserEvent[] = [
          { type: 'PasswordResetCompleted', data: { tokenHash: command.tokenHash, passwordHash: command.passwordHash, completedAt: at } },
        ];
        // Opening the link proves the person holds the address it was sent to.
        if (link.sentTo === state.email && !state.emailVerified) events.push({ type: 'EmailVerified', data: { email: link.sentTo, verifiedAt: at } });
        if (link.sentTo === state.phone && !state.phoneVerified) events.push({ type: 'PhoneVerified', data: { phone: link.sentTo, verifiedAt: at } });
        return events;
      }
      case 'GrantAdmin':
        return state.isAdmin ? [] : [{ type: 'AdminGranted', data: { grantedAt: at, grantedBy: command.by } }];
      case 'RevokeAdmin':
        return state.isAdmin ? [{ type: 'AdminRevoked', data: { revokedAt: at, revokedBy: command.by } }] : [];
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
        isAdmin: false,
        profile: { firstName: d.firstName, lastName: d.lastName, businessName: d.businessName, licenseNumber: null, userType: d.userType },
        resetTokens: {},
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ProfileChanged': {
        const { changedAt: _changedAt, ...profile } = event.data;
        return { ...state, profile };
      }
      case 'EmailChanged':
        return { ...state, email: event.data.email, emailVerified: false };
      case 'PhoneChanged':
        return { ...state, phone: event.data.phone, phoneVerified: false };
      case 'EmailVerified':
        return event.data.email === state.email ? { ...state, emailVerified: true } : state;
      case 'PhoneVerified':
        return event.data.phone === state.phone ? { ...state, phoneVerified: true } : state;
      case 'PasswordChanged':
      case 'PasswordResetCompleted':
        return { ...state, resetTokens: {} };
      case 'PasswordResetRequested':
        return {
          ...state,
          resetTokens: { ...state.resetTokens, [event.data.tokenHash]: { expiresAt: event.data.expiresAt, sentTo: event.data.sentTo } },
        };
      case 'AdminGranted':
        return { ...state, isAdmin: true };
      case 'AdminRevoked':
        return { ...state, isAdmin: false };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};

export const userAggregate = { eventTypes: userEventTypes, decider: userDecider };
