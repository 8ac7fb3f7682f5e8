import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import type { Actor } from '../actor.ts';
import { accountSuspensionDecider, type AccountSuspensionCommand } from './account-suspension.decider.ts';
import type { UserEvent } from './user.events.ts';

// Given the account's events, when an admin suspends it or lifts its suspension, then new events
// or an error: no database.
const at = '2026-11-29T10:00:00.000Z';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'host',
    email: 'kofi@example.com',
    phone: null,
    firstName: 'Kofi',
    lastName: 'Asante',
    userType: 'agent',
    businessName: null,
    passwordHash: 'scrypt$hash',
    registeredAt: at,
  },
};
const admin: Actor = { id: 'a1', isAdmin: true };
const renter: Actor = { id: 'r1', isAdmin: false };

const suspend = (actor: Actor, listingId: string | null = 'listing-1'): AccountSuspensionCommand => ({
  type: 'SuspendAccount',
  actor,
  reason: 'Asked renters for a viewing fee',
  listingId,
  at,
});
const lift = (actor: Actor): AccountSuspensionCommand => ({ type: 'LiftSuspension', actor, note: 'Refunded', at });
const suspended = (listingId: string | null = 'listing-1'): UserEvent => ({
  type: 'AccountSuspended',
  data: { reason: 'Asked renters for a viewing fee', listingId, suspendedAt: at, suspendedBy: 'a1' },
});
const lifted: UserEvent = { type: 'AccountSuspensionLifted', data: { note: 'Refunded', liftedAt: at, liftedBy: 'a1' } };

const given = givenWhenThen(accountSuspensionDecider);

describe('account suspension decider', () => {
  it('lets an admin suspend an account, saying why and after which listing, once', () => {
    given(registered).when(suspend(admin)).then([suspended()]);
    given(registered)
      .when(suspend(admin, null))
      .then([suspended(null)]);
    given(registered, suspended()).when(suspend(admin)).then([]);
    given(registered, suspended(), lifted).when(suspend(admin)).then([suspended()]);
  });

  it('refuses anyone but an admin (403), an unknown account (404), the admin’s own account and another admin’s (409)', () => {
    given(registered)
      .when(suspend(renter))
      .thenRefuses('admin_only', 'forbidden', { message: 'Only an administrator can do this.' });
    given().when(suspend(admin)).thenRefuses('user_not_found', 'not_found', { message: 'No account has this id.' });
    given(registered)
      .when(suspend({ id: 'host', isAdmin: true }))
      .thenRefuses('cannot_suspend_self', 'conflict', { message: 'You cannot suspend your own account.' });
    const madeAdmin: UserEvent = { type: 'AdminGranted', data: { grantedAt: at, grantedBy: 'a1' } };
    given(registered, madeAdmin).when(suspend(admin)).thenRefuses('cannot_suspend_admin', 'conflict', {
      message: 'This account is an admin: revoke its admin rights first, then suspend it.',
    });
  });

  it('lets an admin lift a suspension, and only one that holds', () => {
    given(registered, suspended()).when(lift(admin)).then([lifted]);
    given(registered)
      .when(lift(admin))
      .thenRefuses('not_suspended', 'conflict', { message: 'This account is not suspended.' });
    given(registered, suspended(), lifted).when(lift(admin)).thenRefuses('not_suspended', 'conflict');
    given(registered, suspended()).when(lift(renter)).thenRefuses('admin_only', 'forbidden');
    given().when(lift(admin)).thenRefuses('user_not_found', 'not_found');
  });
});
