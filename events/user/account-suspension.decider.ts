import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import { userDecider, type UserState } from './user.decider.ts';
import { userEventTypes, type UserEvent } from './user.events.ts';

export type AccountSuspensionCommand =
  /** `listingId`: the reported listing whose reports the admin resolved this way, if any. */
  | { type: 'SuspendAccount'; actor: Actor; reason: string; listingId: string | null; at: string }
  | { type: 'LiftSuspension'; actor: Actor; note: string; at: string };

export const SUSPENSION_ERRORS = {
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  noSuchAccount: () => new DomainError('not_found', 'user_not_found', 'No account has this id.'),
  ownAccount: () => new DomainError('conflict', 'cannot_suspend_self', 'You cannot suspend your own account.'),
  anAdmin: () =>
    new DomainError(
      'conflict',
      'cannot_suspend_admin',
      'This account is an admin: revoke its admin rights first, then suspend it.',
    ),
  notSuspended: () => new DomainError('conflict', 'not_suspended', 'This account is not suspended.'),
};

/**
 * Suspending an account (issue 33, docs/decisions/345), on the user's stream: only an admin
 * suspends, never their own account nor an admin's (whose rights are revoked first, by the admin
 * role's rules). Suspending a suspended account records nothing; lifting needs a suspension. What
 * a suspension does elsewhere (sessions ended, listings held) the route does in the same transaction.
 */
export const accountSuspensionDecider: Decider<AccountSuspensionCommand, UserEvent, UserState> = {
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  decide(command, state) {
    const { actor, at } = command;
    if (!actor.isAdmin) throw SUSPENSION_ERRORS.adminOnly();
    if (state.status !== 'registered') throw SUSPENSION_ERRORS.noSuchAccount();
    switch (command.type) {
      case 'SuspendAccount': {
        if (state.userId === actor.id) throw SUSPENSION_ERRORS.ownAccount();
        if (state.isAdmin) throw SUSPENSION_ERRORS.anAdmin();
        if (state.suspended) return [];
        const { reason, listingId } = command;
        return [{ type: 'AccountSuspended', data: { reason, listingId, suspendedAt: at, suspendedBy: actor.id } }];
      }
      case 'LiftSuspension': {
        if (!state.suspended) throw SUSPENSION_ERRORS.notSuspended();
        return [{ type: 'AccountSuspensionLifted', data: { note: command.note, liftedAt: at, liftedBy: actor.id } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

/** Suspensions share the user's stream with the account's events: the same state, folded by the user decider. */
export const accountSuspensionAggregate = { eventTypes: userEventTypes, decider: accountSuspensionDecider };
