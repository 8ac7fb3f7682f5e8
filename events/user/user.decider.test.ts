import { describe, expect, it } from 'vitest';
import { givenWhenThen, type Refusal } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
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

// The form puts these next to the field they name.
const passwordNeeded: Refusal = {
  message: 'Enter your current password to change your email or phone number',
  details: {
    issues: [{ path: 'currentPassword', message: 'Enter your current password to change your email or phone number' }],
  },
};
const passwordWrong: Refusal = {
  message: 'Current password is incorrect',
  details: { issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }] },
};
const phoneRequired: Refusal = {
  message: 'Phone number is required',
  details: { issues: [{ path: 'phone', message: 'Phone number is required' }] },
};

const given = givenWhenThen(userDecider);

describe('user decider', () => {
  it('registers a new account', () => {
    given()
      .when({ type: 'RegisterUser', ...registered.data, at } as UserCommand)
      .then([registered]);
    expect(foldEvents(userDecider, [registered])).toMatchObject({
      status: 'registered',
      email: 'ama@example.com',
      emailVerified: false,
      isAdmin: false,
    });
  });

  it('registers an account with a phone number only, unverified until its code comes back', () => {
    const byPhone: UserEvent = {
      type: 'UserRegistered',
      data: { ...registered.data, email: null, phone: '+233241234567' },
    };
    given()
      .when({ type: 'RegisterUser', ...byPhone.data, at } as UserCommand)
      .then([byPhone]);
    given(byPhone)
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([{ type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } }]);
  });

  it('refuses to register the same stream twice', () => {
    given(registered)
      .when({ type: 'RegisterUser', ...registered.data, at } as UserCommand)
      .thenRefuses('already_registered', 'conflict');
  });

  it('refuses an account without e-mail and phone', () => {
    given()
      .when({ type: 'RegisterUser', ...registered.data, email: null, phone: null, at } as UserCommand)
      .thenRefuses('identifier_required', 'invalid');
  });

  it('refuses any other command on an account that does not exist', () => {
    given().when({ type: 'VerifyEmail', email: 'ama@example.com', at }).thenRefuses('user_not_found', 'not_found');
  });

  it('changes the profile at once, but a new e-mail address only asks for it while the old one keeps working', () => {
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { email: 'ama@example.com', verifiedAt: at.toISOString() },
    };
    given(registered, verified)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Owusu',
        email: 'ama.owusu@example.com',
        currentPassword: 'matches',
        at,
      })
      .then([
        {
          type: 'ProfileChanged',
          data: {
            firstName: 'Ama',
            lastName: 'Owusu',
            businessName: null,
            licenseNumber: null,
            userType: 'renter',
            changedAt: at.toISOString(),
          },
        },
        { type: 'EmailChangeRequested', data: { email: 'ama.owusu@example.com', requestedAt: at.toISOString() } },
      ]);
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { email: 'ama.owusu@example.com', requestedAt: at.toISOString() },
    };
    const state = foldEvents(userDecider, [registered, verified, requested]);
    expect(state).toMatchObject({
      email: 'ama@example.com',
      emailVerified: true,
      pendingEmail: 'ama.owusu@example.com',
    });
  });

  it('asks for the current password before changing, adding or removing a sign-in address', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    const change = { type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah' } as const;
    given(registered)
      .when({ ...change, email: 'new@example.com', currentPassword: 'missing', at })
      .thenRefuses('current_password_required', 'invalid', passwordNeeded);
    given(registered)
      .when({ ...change, email: 'new@example.com', currentPassword: 'wrong', at })
      .thenRefuses('wrong_password', 'invalid', passwordWrong);
    given(registered)
      .when({ ...change, phone: '+233241234567', currentPassword: 'missing', at })
      .thenRefuses('current_password_required', 'invalid', passwordNeeded);
    given(registered, withPhone)
      .when({ ...change, email: null, currentPassword: 'wrong', at })
      .thenRefuses('wrong_password', 'invalid', passwordWrong);
    // A name alone needs no password.
    given(registered)
      .when({ ...change, firstName: 'Akua', email: 'ama@example.com', currentPassword: 'missing', at })
      .then([
        {
          type: 'ProfileChanged',
          data: {
            firstName: 'Akua',
            lastName: 'Mensah',
            businessName: null,
            licenseNumber: null,
            userType: 'renter',
            changedAt: at.toISOString(),
          },
        },
      ]);
  });

  it('switches to the new e-mail only when its code comes back, verified, and voids reset links sent to the old one', () => {
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { email: 'new@example.com', requestedAt: at.toISOString() },
    };
    const resetLink: UserEvent = {
      type: 'PasswordResetRequested',
      data: {
        tokenHash: 'h1',
        sentTo: 'ama@example.com',
        requestedAt: at.toISOString(),
        expiresAt: later(60).toISOString(),
      },
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
    given(registered, resetLink, requested, {
      type: 'EmailChanged',
      data: { email: 'new@example.com', changedAt: at.toISOString() },
    })
      .when({ type: 'CompletePasswordReset', tokenHash: 'h1', passwordHash: 'x', at })
      .thenRefuses('invalid_reset_token', 'invalid');
  });

  it('records nothing when the profile is saved unchanged, or the same new address is asked for again', () => {
    given(registered)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        email: 'ama@example.com',
        phone: null,
        currentPassword: 'missing',
        at,
      })
      .then([]);
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { email: 'new@example.com', requestedAt: at.toISOString() },
    };
    given(registered, requested)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        email: 'new@example.com',
        currentPassword: 'missing',
        at,
      })
      .then([]);
  });

  it('refuses to remove the last way to reach the person, even with a new one pending', () => {
    given(registered)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        email: null,
        currentPassword: 'matches',
        at,
      })
      .thenRefuses('identifier_required', 'invalid', phoneRequired);
    given(registered)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        email: null,
        phone: '+233241234567',
        currentPassword: 'matches',
        at,
      })
      .thenRefuses('identifier_required', 'invalid', phoneRequired);
  });

  it('removes an address at once when another one stays', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    given(registered, withPhone)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        email: null,
        currentPassword: 'matches',
        at,
      })
      .then([{ type: 'EmailChanged', data: { email: null, changedAt: at.toISOString() } }]);
  });

  it('removes the phone number at once when the e-mail address stays', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    given(registered, withPhone)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        phone: null,
        currentPassword: 'matches',
        at,
      })
      .then([{ type: 'PhoneChanged', data: { phone: null, changedAt: at.toISOString() } }]);
  });

  it('refuses to remove the phone number of an account that has no e-mail address, naming the phone field', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    const noEmail: UserEvent = { type: 'EmailChanged', data: { email: null, changedAt: at.toISOString() } };
    given(registered, withPhone, noEmail)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        phone: null,
        currentPassword: 'matches',
        at,
      })
      .thenRefuses('identifier_required', 'invalid', phoneRequired);
  });

  it('changes the business name and licence number when given, and keeps them when left out', () => {
    const changed: UserEvent = {
      type: 'ProfileChanged',
      data: {
        firstName: 'Ama',
        lastName: 'Mensah',
        businessName: 'Ama Homes',
        licenseNumber: 'GH-123',
        userType: 'agent',
        changedAt: at.toISOString(),
      },
    };
    given(registered)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        businessName: 'Ama Homes',
        licenseNumber: 'GH-123',
        userType: 'agent',
        currentPassword: 'missing',
        at,
      })
      .then([changed]);
    given(registered, changed)
      .when({ type: 'ChangeProfile', firstName: 'Ama', lastName: 'Mensah', currentPassword: 'missing', at })
      .then([]);
    given(registered, changed)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        businessName: null,
        licenseNumber: null,
        currentPassword: 'missing',
        at,
      })
      .then([
        { type: 'ProfileChanged', data: { ...changed.data, businessName: null, licenseNumber: null } } as UserEvent,
      ]);
  });

  it('asks to add a phone number, which signs in once verified', () => {
    given(registered)
      .when({
        type: 'ChangeProfile',
        firstName: 'Ama',
        lastName: 'Mensah',
        phone: '+233241234567',
        currentPassword: 'matches',
        at,
      })
      .then([{ type: 'PhoneChangeRequested', data: { phone: '+233241234567', requestedAt: at.toISOString() } }]);
    given(registered, { type: 'PhoneChangeRequested', data: { phone: '+233241234567', requestedAt: at.toISOString() } })
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([
        { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: at.toISOString() } },
        { type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } },
      ]);
  });

  it('verifies the current e-mail once, and refuses a code for an address no longer on the account', () => {
    given(registered)
      .when({ type: 'VerifyEmail', email: 'ama@example.com', at })
      .then([{ type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } }]);
    given(registered, { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } })
      .when({ type: 'VerifyEmail', email: 'ama@example.com', at })
      .then([]);
    given(registered)
      .when({ type: 'VerifyEmail', email: 'old@example.com', at })
      .thenRefuses('address_changed', 'conflict');
  });

  it('treats an address taken over from a request as unverified until its own code comes back', () => {
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { email: 'ama@example.com', verifiedAt: at.toISOString() },
    };
    const changed: UserEvent = {
      type: 'EmailChanged',
      data: { email: 'new@example.com', changedAt: at.toISOString() },
    };
    given(registered, verified, changed)
      .when({ type: 'VerifyEmail', email: 'new@example.com', at })
      .then([{ type: 'EmailVerified', data: { email: 'new@example.com', verifiedAt: at.toISOString() } }]);
  });

  it('ignores a verification recorded for an address the account no longer has', () => {
    given(registered, { type: 'EmailVerified', data: { email: 'old@example.com', verifiedAt: at.toISOString() } })
      .when({ type: 'VerifyEmail', email: 'ama@example.com', at })
      .then([{ type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } }]);
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    given(registered, withPhone, {
      type: 'PhoneVerified',
      data: { phone: '+233200000000', verifiedAt: at.toISOString() },
    })
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([{ type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } }]);
  });

  it('verifies the phone', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    given(registered, withPhone)
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .then([{ type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } }]);
    given(registered)
      .when({ type: 'VerifyPhone', phone: '+233241234567', at })
      .thenRefuses('address_changed', 'conflict');
  });

  it('verifies the phone once', () => {
    const withPhone: UserEvent = {
      type: 'PhoneChanged',
      data: { phone: '+233241234567', changedAt: at.toISOString() },
    };
    const verified: UserEvent = {
      type: 'PhoneVerified',
      data: { phone: '+233241234567', verifiedAt: at.toISOString() },
    };
    given(registered, withPhone, verified).when({ type: 'VerifyPhone', phone: '+233241234567', at }).then([]);
  });

  describe('the operator claiming the ADMIN_EMAIL account', () => {
    const claim = {
      type: 'ClaimForOperator',
      email: 'ama@example.com',
      passwordHash: 'operator-hash',
      by: 'system',
      at,
    } as const;

    it('sets the operator password, verifies the e-mail and removes a phone that whoever registered first added', () => {
      const withPhone: UserEvent = {
        type: 'PhoneChanged',
        data: { phone: '+233241234567', changedAt: at.toISOString() },
      };
      given(registered, withPhone)
        .when(claim)
        .then([
          {
            type: 'PasswordSetByOperator',
            data: { passwordHash: 'operator-hash', setAt: at.toISOString(), setBy: 'system' },
          },
          { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } },
          { type: 'PhoneChanged', data: { phone: null, changedAt: at.toISOString() } },
        ]);
    });

    it('removes a phone number still waiting for its code, and records no removal when there is no phone', () => {
      const phoneRequested: UserEvent = {
        type: 'PhoneChangeRequested',
        data: { phone: '+233241234567', requestedAt: at.toISOString() },
      };
      const operatorEvents: UserEvent[] = [
        {
          type: 'PasswordSetByOperator',
          data: { passwordHash: 'operator-hash', setAt: at.toISOString(), setBy: 'system' },
        },
        { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } },
      ];
      given(registered, phoneRequested)
        .when(claim)
        .then([...operatorEvents, { type: 'PhoneChanged', data: { phone: null, changedAt: at.toISOString() } }]);
      given(registered).when(claim).then(operatorEvents);
    });

    it('settles an e-mail change whoever registered first asked for on the operator’s address', () => {
      const emailRequested: UserEvent = {
        type: 'EmailChangeRequested',
        data: { email: 'squatter@example.com', requestedAt: at.toISOString() },
      };
      given(registered, emailRequested)
        .when(claim)
        .then([
          {
            type: 'PasswordSetByOperator',
            data: { passwordHash: 'operator-hash', setAt: at.toISOString(), setBy: 'system' },
          },
          { type: 'EmailChanged', data: { email: 'ama@example.com', changedAt: at.toISOString() } },
          { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } },
        ]);
    });

    it('voids reset links sent before the operator set the password', () => {
      const resetLink: UserEvent = {
        type: 'PasswordResetRequested',
        data: {
          tokenHash: 't1',
          sentTo: 'ama@example.com',
          requestedAt: at.toISOString(),
          expiresAt: later(60).toISOString(),
        },
      };
      const set: UserEvent = {
        type: 'PasswordSetByOperator',
        data: { passwordHash: 'operator-hash', setAt: at.toISOString(), setBy: 'system' },
      };
      given(registered, resetLink, set)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at })
        .thenRefuses('invalid_reset_token', 'invalid');
    });

    it('refuses an account whose e-mail is verified, or is another address', () => {
      given(registered, { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: at.toISOString() } })
        .when(claim)
        .thenRefuses('not_claimable', 'conflict');
      given(registered)
        .when({ ...claim, email: 'other@example.com' })
        .thenRefuses('not_claimable', 'conflict');
    });
  });

  it('changes the password only when the current one matched', () => {
    given(registered)
      .when({ type: 'ChangePassword', currentPasswordMatches: true, passwordHash: 'new', at })
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'new', changedAt: at.toISOString() } }]);
    given(registered)
      .when({ type: 'ChangePassword', currentPasswordMatches: false, passwordHash: '', at })
      .thenRefuses('wrong_password', 'invalid', passwordWrong);
  });

  describe('password reset', () => {
    const requested: UserEvent = {
      type: 'PasswordResetRequested',
      data: {
        tokenHash: 't1',
        sentTo: 'ama@example.com',
        requestedAt: at.toISOString(),
        expiresAt: later(60).toISOString(),
      },
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
          {
            type: 'PasswordResetCompleted',
            data: { tokenHash: 't1', passwordHash: 'new', completedAt: later(59).toISOString() },
          },
          { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: later(59).toISOString() } },
        ]);
      const verified: UserEvent = {
        type: 'EmailVerified',
        data: { email: 'ama@example.com', verifiedAt: at.toISOString() },
      };
      given(registered, verified, requested)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'new', at })
        .then([
          {
            type: 'PasswordResetCompleted',
            data: { tokenHash: 't1', passwordHash: 'new', completedAt: at.toISOString() },
          },
        ]);
    });

    it('completes a link sent to the phone, which proves the phone and not the e-mail', () => {
      const withPhone: UserEvent = {
        type: 'PhoneChanged',
        data: { phone: '+233241234567', changedAt: at.toISOString() },
      };
      const toPhone: UserEvent = {
        type: 'PasswordResetRequested',
        data: {
          tokenHash: 't2',
          sentTo: '+233241234567',
          requestedAt: at.toISOString(),
          expiresAt: later(60).toISOString(),
        },
      };
      given(registered, withPhone, toPhone)
        .when({ type: 'CompletePasswordReset', tokenHash: 't2', passwordHash: 'new', at })
        .then([
          {
            type: 'PasswordResetCompleted',
            data: { tokenHash: 't2', passwordHash: 'new', completedAt: at.toISOString() },
          },
          { type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } },
        ]);
      given(
        registered,
        withPhone,
        { type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: at.toISOString() } },
        toPhone,
      )
        .when({ type: 'CompletePasswordReset', tokenHash: 't2', passwordHash: 'new', at })
        .then([
          {
            type: 'PasswordResetCompleted',
            data: { tokenHash: 't2', passwordHash: 'new', completedAt: at.toISOString() },
          },
        ]);
    });

    it('refuses a link used twice', () => {
      const completed: UserEvent = {
        type: 'PasswordResetCompleted',
        data: { tokenHash: 't1', passwordHash: 'new', completedAt: at.toISOString() },
      };
      given(registered, requested, completed)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at })
        .thenRefuses('invalid_reset_token', 'invalid');
    });

    it('refuses an expired link', () => {
      given(registered, requested)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at: later(60) })
        .thenRefuses('reset_link_expired', 'invalid');
    });

    it('refuses a link nobody asked for', () => {
      given(registered, requested)
        .when({ type: 'CompletePasswordReset', tokenHash: 'guess', passwordHash: 'x', at })
        .thenRefuses('invalid_reset_token', 'invalid');
    });

    it('voids open links when the password is changed', () => {
      const changed: UserEvent = { type: 'PasswordChanged', data: { passwordHash: 'p2', changedAt: at.toISOString() } };
      given(registered, requested, changed)
        .when({ type: 'CompletePasswordReset', tokenHash: 't1', passwordHash: 'x', at })
        .thenRefuses('invalid_reset_token', 'invalid');
    });
  });
});
