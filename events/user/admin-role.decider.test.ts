import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { foldEvents } from '../store/decider.ts';
import { adminRoleDecider, type AdminRoleCommand, type RoleChanger } from './admin-role.decider.ts';
import type { UserEvent } from './user.events.ts';

// Given the target's events, when a grant or revoke, then new events or an error: no database.
const at = new Date('2026-11-27T10:00:00.000Z');
const when = at.toISOString();

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ama@example.com',
    phone: null,
    firstName: 'Ama',
    lastName: 'Mensah',
    userType: 'owner',
    businessName: null,
    passwordHash: 'scrypt$hash',
    registeredAt: when,
  },
};
const verified: UserEvent = { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: when } };
const grantedBy = (by: string): UserEvent => ({ type: 'AdminGranted', data: { grantedAt: when, grantedBy: by } });
const revokedBy = (by: string): UserEvent => ({ type: 'AdminRevoked', data: { revokedAt: when, revokedBy: by } });

/** An admin in the panel, with the admins as the lock found them. */
const admin = (actorId: string | null, ...admins: string[]): RoleChanger => ({
  kind: 'admin',
  actorId,
  admins: new Set(admins),
});
const operator: RoleChanger = { kind: 'operator', name: 'cli' };
const grant = (by: RoleChanger, email = 'ama@example.com'): AdminRoleCommand => ({ type: 'GrantAdmin', email, by, at });
const revoke = (by: RoleChanger, userId = 'u1'): AdminRoleCommand => ({ type: 'RevokeAdmin', userId, by, at });

const given = givenWhenThen(adminRoleDecider);

const onEmail = (message: string) => ({ details: { issues: [{ path: 'email', message }] } });

describe('admin role decider: granting', () => {
  it('makes a verified account an admin, recording who granted it, and records nothing for an admin already', () => {
    given(registered, verified)
      .when(grant(admin('a1', 'a1')))
      .then([grantedBy('a1')]);
    given(registered, verified)
      .when(grant(operator))
      .then([grantedBy('cli')]);
    given(registered, verified, grantedBy('a1'))
      .when(grant(admin('a2', 'a2', 'u1')))
      .then([]);
    given(registered, verified, grantedBy('a1'), revokedBy('a2'))
      .when(grant(admin('a2', 'a2')))
      .then([grantedBy('a2')]);
  });

  it('never grants an account whose e-mail nobody verified, neither in the panel nor for the operator (409 under the e-mail field)', () => {
    const message = 'This account has not verified its e-mail address, so it cannot be made an admin yet.';
    given(registered)
      .when(grant(admin('a1', 'a1')))
      .thenRefuses('email_not_verified', 'conflict', onEmail(message));
    given(registered).when(grant(operator)).thenRefuses('email_not_verified', 'conflict', onEmail(message));
    // A verified phone is no proof of the e-mail address.
    given(registered, { type: 'PhoneVerified', data: { phone: '+233241234567', verifiedAt: when } })
      .when(grant(operator))
      .thenRefuses('email_not_verified', 'conflict');
  });

  it('answers 404 under the e-mail field when no account has the address (any more)', () => {
    const message = 'No account uses this e-mail address. The person must register first.';
    given()
      .when(grant(admin('a1', 'a1')))
      .thenRefuses('user_not_found', 'not_found', onEmail(message));
    const moved: UserEvent = { type: 'EmailChanged', data: { email: 'ama.new@example.com', changedAt: when } };
    given(registered, verified, moved)
      .when(grant(admin('a1', 'a1')))
      .thenRefuses('user_not_found', 'not_found', onEmail(message));
  });

  it('lets only an admin grant: one whose rights were taken while they waited, or nobody signed in, is refused (403) before anything else', () => {
    given(registered, verified)
      .when(grant(admin('a2', 'a1')))
      .thenRefuses('forbidden', 'forbidden');
    given(registered, verified)
      .when(grant(admin(null, 'a1')))
      .thenRefuses('forbidden', 'forbidden');
    given()
      .when(grant(admin('a2', 'a1')))
      .thenRefuses('forbidden', 'forbidden');
  });
});

describe('admin role decider: revoking', () => {
  const anAdmin = [registered, verified, grantedBy('cli')];

  it('takes admin away from another admin, recording who revoked it', () => {
    given(...anAdmin)
      .when(revoke(admin('a1', 'a1', 'u1')))
      .then([revokedBy('a1')]);
    expect(foldEvents(adminRoleDecider, [...anAdmin, revokedBy('a1')])).toMatchObject({
      status: 'registered',
      isAdmin: false,
    });
  });

  it('never revokes your own rights (409), even with other admins left', () => {
    given(...anAdmin)
      .when(revoke(admin('u1', 'u1', 'a1')))
      .thenRefuses('cannot_revoke_self', 'conflict');
  });

  it('answers 404 for an account that is not an admin, whether or not it exists', () => {
    given(registered, verified)
      .when(revoke(admin('a1', 'a1', 'a2')))
      .thenRefuses('admin_not_found', 'not_found');
    given()
      .when(revoke(admin('a1', 'a1', 'a2'), 'u9'))
      .thenRefuses('admin_not_found', 'not_found');
  });

  it('never revokes the last admin, even for an admin whose rights were taken while they asked (409 last_admin)', () => {
    // a1 revoked the actor a2 first; inside the lock only u1 is left.
    given(...anAdmin)
      .when(revoke(admin('a2', 'u1')))
      .thenRefuses('last_admin', 'conflict');
  });

  it('lets only an admin revoke while another admin stays (403 otherwise)', () => {
    given(...anAdmin)
      .when(revoke(admin('a2', 'u1', 'a1')))
      .thenRefuses('forbidden', 'forbidden');
    given(...anAdmin)
      .when(revoke(admin(null, 'u1', 'a1')))
      .thenRefuses('forbidden', 'forbidden');
  });

  it('lets the operator revoke anyone, the last admin too, and records nothing for one who is no admin', () => {
    given(...anAdmin)
      .when(revoke(operator))
      .then([revokedBy('cli')]);
    given(registered, verified).when(revoke(operator)).then([]);
    given().when(revoke(operator)).thenRefuses('admin_not_found', 'not_found');
  });
});
