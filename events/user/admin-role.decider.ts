import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import { userDecider, type UserState } from './user.decider.ts';
import { userEventTypes, type UserEvent } from './user.events.ts';

/**
 * Who changes an account's admin rights. An admin in the panel, with the admins as they are
 * now: read under the lock that serialises every grant and revoke (docs/decisions/090), and
 * `actorId` null when nobody is signed in. Or the operator on the server (npm run admin,
 * ADMIN_EMAIL at start-up), whom the panel's rules do not bind: an operator who removed every
 * admin grants one again the same way.
 */
export type RoleChanger =
  | { kind: 'admin'; actorId: string | null; admins: ReadonlySet<string> }
  | { kind: 'operator'; name: string };

export type AdminRoleCommand =
  /** `email`: the address the account was asked for by; the account must still have it. */
  | { type: 'GrantAdmin'; email: string; by: RoleChanger; at: Date }
  | { type: 'RevokeAdmin'; userId: string; by: RoleChanger; at: Date };

const refusal = (kind: 'not_found' | 'conflict', code: string, message: string, onEmail = false) =>
  new DomainError(kind, code, message, onEmail ? { issues: [{ path: 'email', message }] } : {});

/** The codes are the contract's (api/contract/admins.schema.ts, ADMIN_ERRORS). */
export const ADMIN_ROLE_ERRORS = {
  noSuchAccount: () =>
    refusal(
      'not_found',
      'user_not_found',
      'No account uses this e-mail address. The person must register first.',
      true,
    ),
  unverified: () =>
    refusal(
      'conflict',
      'email_not_verified',
      'This account has not verified its e-mail address, so it cannot be made an admin yet.',
      true,
    ),
  adminNotFound: () => refusal('not_found', 'admin_not_found', 'This person is not an admin.'),
  cannotRevokeSelf: () =>
    refusal('conflict', 'cannot_revoke_self', 'You cannot revoke your own admin rights. Ask another admin.'),
  lastAdmin: () => refusal('conflict', 'last_admin', 'This is the last admin: make someone else an admin first.'),
  /** The actor is not an admin (any more): their rights were taken while the request waited for the lock. */
  notAnAdmin: () => new DomainError('forbidden', 'forbidden', 'Admins only'),
};

/** The acting admin's id, once they are among the admins. */
function actingAdmin(by: Extract<RoleChanger, { kind: 'admin' }>): string {
  if (by.actorId === null || !by.admins.has(by.actorId)) throw ADMIN_ROLE_ERRORS.notAnAdmin();
  return by.actorId;
}

/**
 * The rules of admin rights, on the user's stream: only an account whose e-mail is verified
 * becomes an admin (anyone can register an address they do not hold); in the panel only an
 * admin grants or revokes, never their own rights and never the last admin's. Granting an
 * admin or revoking a non-admin records nothing.
 */
export const adminRoleDecider: Decider<AdminRoleCommand, UserEvent, UserState> = {
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  decide(command, state) {
    const { by } = command;
    const at = command.at.toISOString();
    switch (command.type) {
      case 'GrantAdmin': {
        const grantedBy = by.kind === 'admin' ? actingAdmin(by) : by.name;
        // Checked on the stream as it is now: the address may have changed since it was looked up.
        if (state.status !== 'registered' || state.email !== command.email) throw ADMIN_ROLE_ERRORS.noSuchAccount();
        if (!state.emailVerified) throw ADMIN_ROLE_ERRORS.unverified();
        if (state.isAdmin) return [];
        return [{ type: 'AdminGranted', data: { grantedAt: at, grantedBy } }];
      }
      case 'RevokeAdmin': {
        if (by.kind === 'admin') {
          if (command.userId === by.actorId) throw ADMIN_ROLE_ERRORS.cannotRevokeSelf();
          if (!by.admins.has(command.userId)) throw ADMIN_ROLE_ERRORS.adminNotFound();
          // Two admins revoking each other at once: the second finds one admin left.
          if (by.admins.size === 1) throw ADMIN_ROLE_ERRORS.lastAdmin();
        }
        const revokedBy = by.kind === 'admin' ? actingAdmin(by) : by.name;
        if (state.status !== 'registered') throw ADMIN_ROLE_ERRORS.adminNotFound();
        if (!state.isAdmin) return [];
        return [{ type: 'AdminRevoked', data: { revokedAt: at, revokedBy } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

/** Admin rights share the user's stream with the account's events: the same state, folded by the user decider. */
export const adminRoleAggregate = { eventTypes: userEventTypes, decider: adminRoleDecider };
