import { describe, expect, it } from 'vitest';
import { foldEvents } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import { userDecider, type UserCommand } from './user.decider.ts';
import type { UserEvent } from './user.events.ts';

// Given events, when a command, then new events or an error: no database.
const at = new Date('2026-11-22T10:00:00.000Z');
const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ama@example.com',
    phone: null,
    firstName: 'Ama',
    lastName: 'Mensah',
    userType: 'renter',
    businessName: null,
    passwordHash: 'scrypt$hash',
    registeredAt: at.toISOString(),
  },
};

function given(...events: UserEvent[]) {
  const state = foldEvents(userDecider, events);
  return {
    when: (command: UserCommand) => ({
      then: (expected: UserEvent[]) => expect(userDecider.decide(command, state)).toEqual(expected),
      thenFails: (code: string) => {
        try {
          userDecider.decide(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          return;
        }
        throw new Error(`expected ${code}, but the command was accepted`);
      },
    }),
  };
}

describe('user decider', () => {
  it('registers a new account', () => {
    given().when({ type: 'RegisterUser', ...registered.data, at } as UserCommand).then([registered]);
  });

  it('refuses to register the same stream twice', () => {
    given(registered).when({ type: 'RegisterUser', ...registered.data, at } as UserCommand).thenFails('already_registered');
  });

  it('refuses an account without e-mail and phone', () => {
    given().when({ type: 'RegisterUser', ...registered.data, email: null, phone: null, at } as UserCommand).thenFails('identifier_required');
  });

  it('refuses any other command on an account that does not exist', () => {
    given().when({ type: 'GrantAdmin', by: 'cli', at }).thenFails('user_not_found');
  });

  it('changes the profile at once, but a new e-mail address only asks for it while the old one keeps working', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } };
    given(registered, verified)
      .when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Owusu', email: 'ama.owusu@example.com', currentPassword: 'matches', at })
      .then([
        { type: 'ProfileChanged', data: { firstName: 'Ama', lastName: 'Owusu', businessName: null, licenseNumber: null, userType: 'renter', changedAt: at.toISOString() } },
        { type: 'EmailChangeRequested', data: { email: 'ama.owusu@example.com', requestedAt: at.toISOString() } },
      ]);
    const requested: UserEvent = { type: 'EmailChangeRequested', data: { email: 'ama.owusu@example.com', requestedAt: at.toISOString() } };
    const state = foldEvents(userDecider, [registered, verified, requested]);
    expect(state).toMatchObject({ email: 'ama@example.com', emailVerified: true, pendingEmail: 'ama.owusu@example.com' });
  });

  it('asks for the current password before changing, adding or removing a sign-in address', () => {
    const withPhone: UserEvent = { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } };
    const change = { type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah' } as const;
    given(registered).when({ ...change, email: 'new@example.com', currentPassword: 'missing', at }).thenFails('current_password_required');
    given(registered).when({ ...change, email: 'new@example.com', currentPassword: 'wrong', at }).thenFails('wrong_password');
    given(registered).when({ ...change, phone: '+233241234567', currentPassword: 'missing', at }).thenFails('current_password_required');
    given(registered, withPhone).when({ ...change, email: null, currentPassword: 'wrong', at }).thenFails('wrong_password');
    // A name alone needs no password.
    given(registered)
      .when({ ...change, firstName: 'Akua', email: 'ama@example.com', currentPassword: 'missing', at })
      .then([{ type: 'ProfileChanged', data: { firstName: 'Akua', lastName: 'Mensah', businessName: null, licenseNumber: null, userType: 'renter', changedAt: at.toISOString() } }]);
  });

  it('switches to the new e-mail only when its code comes back, verified, and voids reset links sent to the old one', () => {
    const requested: UserEvent = { type: 'EmailChangeRequested', data: { email: 'new@example.com', requestedAt: at.toISOString() } };
    const resetLink: UserEvent = {
      type: 'PasswordResetRequested',
      data: { tokenHash: 'h1', sentTo: 'ama@example.com', requestedAt: at.toISOString(), expiresAt: later(60).toISOString() },
    };
    given(registered, resetLink, requested)
      .when({ type: 'VerifyEmail', email: 'new@example.com', at })
      .then([
        { type: 'EmailChanged', data: { email: 'new@example.com', changedAt: at.toISOString() } },
        { type: 'EmailVerified', data: { email: 'new@example.com', verifiedAt: at.toISOString() } },
      ]);
    const state = foldEvents(userDecider, [
      registered,
      resetLink,
      requested,
      { type: 'EmailChanged', data: { email: 'new@example.com', changedAt: at.toISOString() } },
      { type: 'EmailVerified', data: { email: 'new@example.com', verifiedAt: at.toISOString() } },
    ]);
    expect(state).toMatchObject({ email: 'new@example.com', emailVerified: true, pendingEmail: null, resetTokens: {} });
    given(registered, resetLink, requested, { type: 'EmailChanged', data: { email: 'new@example.com', changedAt: at.toISOString() } })
      .when({ type: 'CompletePasswordReset', tokenHash: 'h1', passwordHash: 'x', at })
      .thenFails('invalid_reset_token');
  });

  it('records nothing when the profile is saved unchanged, or the same new address is asked for again', () => {
    given(registered).when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', email: 'ama@example.com', phone: null, currentPassword: 'missing', at }).then([]);
    const requested: UserEvent = { type: 'EmailChangeRequested', data: { email: 'new@example.com', requestedAt: at.toISOString() } };
    given(registered, requested).when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', email: 'new@example.com', currentPassword: 'missing', at }).then([]);
  });

  it('refuses to remove the last way to reach the person, even with a new one pending', () => {
    given(registered).when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', email: null, currentPassword: 'matches', at }).thenFails('identifier_required');
    given(registered)
      .when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', email: null, phone: '+233241234567', currentPassword: 'matches', at })
      .thenFails('identifier_required');
  });

  it('removes an address at once when another one stays', () => {
    const withPhone: UserEvent = { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } };
    given(registered, withPhone)
      .when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', email: null, currentPassword: 'matches', at })
      .then([{ type: 'EmailChanged', data: { email: null, changedAt: at.toISOString() } }]);
  });

  it('asks to add a phone number, which signs in once verified', () => {
    given(registered)
      .when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', phone: '+233241234567', currentPassword: 'matches', at })
      .then([{ type: 'PhoneChangeRequested', data: { phone: '+233241234567', requestedAt: at.toISOString() } }]);
    given(registered, { type: 'PhoneChangeRequested', data: { phone: '+233241234567', requestedAt: at.toISOString() } })
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([
        { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } },
        { type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } },
      ]);
  });

  it('verifies the current e-mail once, and refuses a code for an address no longer on the account', () => {
    given(registered).when({ type: 'VerifyEmail', email: 'ama@example.com', at }).then([{ type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } }]);
    given(registered, { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } })
      .when({ type: 'VerifyEmail', email: 'ama@example.com', at })
      .then([]);
    given(registered).when({ type: 'VerifyEmail', email: 'old@example.com', at }).thenFails('address_changed');
  });

  it('verifies the phone', () => {
    const withPhone: UserEvent = { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } };
    given(registered, withPhone)
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([{ type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } }]);
    given(registered).when({ type: 'VerifyPhone', phone: '+233241234567', at }).thenFails('address_changed');
  });

  describe('the operator claiming the ADMIN_EMAIL account', () => {
    const claim = { type: 'ClaimForOperator', email: 'ama@example.com', passwordHash: 'operator-hash', by: 'system', at } as const;

    it('sets the operator password, verifies the e-mail and removes a phone that whoever registered first added', () => {
      const withPhone: UserEvent = { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } };
      given(registered, withPhone)
        .when(claim)
        .then([
          { type: 'PasswordSetByOperator', data: { passwordHash: 'operator-hash', setAt: at.toISOString(), setBy: 'system' } },
          { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } },
          { type: 'PhoneChanged', data: { phone: null, changedAt: at.toISOString() } },
        ]);
    });

    it('refuses an account whose e-mail is verified, or is another address', () => {
      given(registered, { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } }).when(claim).thenFails('not_claimable');
      given(registered).when({ ...claim, email: 'other@example.com' }).thenFails('not_claimable');
    });
  });

  it('changes the password only when the current one matched', () => {
    given(registered).when({ type: 'ChangePassword', currentPasswordMatches: true, passwordHash: 'new', at }).then([{ type: 'PasswordChanged', data: { passwordHash: 'new', changedAt: at.toISOString() } }]);
    given(registered).when({ type: 'ChangePassword', currentPasswordMatches: false, passwordHash: '', at }).thenFails('wrong_password');
  });

  describe('password reset', () => {
    const requested: UserEvent = {
      type: 'PasswordResetRequested',
      data: { tokenHash: 't1', sentTo: 'ama@example.com', requestedAt: at.toISOString(), expiresAt: later(60).toISOString() },
    };

    it('records a request', () => {
      given(registered)
        .when({ type: 'RequestPasswordReset', tokenHash: 't1', sentTo: 'ama@example.com', at, expiresAt: later(60) })
        .then([requested]);
    });

    it('completes with a requested, unexpired link, which also proves the e-mail it was sent to', () => {
      given(registered, requested)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'new', at: later(59) })
        .then([
          { type: 'PasswordResetCompleted', data: { tokenHash: 't1', passwordHash: 'new', completedAt: later(59).toISOString() } },
          { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: later(59).toISOString() } },
        ]);
      const verified: UserEvent = { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } };
      given(registered, verified, requested)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'new', at })
        .then([{ type: 'PasswordResetCompleted', data: { tokenHash: 't1', passwordHash: 'new', completedAt: at.toISOString() } }]);
    });

    it('refuses a link used twice', () => {
      const completed: UserEvent = { type: 'PasswordResetCompleted', data: { tokenHash: 't1', passwordHash: 'new', completedAt: at.toISOString() } };
      given(registered, requested, completed).when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at }).thenFails('invalid_reset_token');
    });

    it('refuses an expired link', () => {
      given(registered, requested).when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at: later(60) }).thenFails('reset_link_expired');
    });

    it('refuses a link nobody asked for', () => {
      given(registered, requested).when({ type: 'CompletePasswordReset', tokenHash: 'guess', passwordHash: 'x', at }).thenFails('invalid_reset_token');
    });

    it('voids open links when the password is changed', () => {
      const changed: UserEvent = { type: 'PasswordChanged', data: { passwordHash: 'p2', changedAt: at.toISOString() } };
      given(registered, requested, changed).when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at }).thenFails('invalid_reset_token');
    });
  });

  it('grants and revokes admin, each once', () => {
    const granted: UserEvent = { type: 'AdminGranted', data: { grantedAt: at.toISOString(), grantedBy: 'cli' } };
    given(registered).when({ type: 'GrantAdmin', by: 'cli', at }).then([granted]);
    given(registered, granted).when({ type: 'GrantAdmin', by: 'cli', at }).then([]);
    given(registered, granted).when({ type: 'RevokeAdmin', by: 'cli', at }).then([{ type: 'AdminRevoked', data: { revokedAt: at.toISOString(), revokedBy: 'cli' } }]);
    given(registered).when({ type: 'RevokeAdmin', by: 'cli', at }).then([]);
  });
});
