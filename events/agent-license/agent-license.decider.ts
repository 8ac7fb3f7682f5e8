import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { agentLicenseEventTypes } from './agent-license.events.ts';

export type AgentLicenseEvent = DomainEvent<(typeof agentLicenseEventTypes)[number]>;

/** What the admins last found about an agent's licence, and for which number. */
export type AgentLicenseState =
  | { status: 'unchecked' }
  | { status: 'verified'; licenseNumber: string }
  | { status: 'rejected'; licenseNumber: string; reason: string };

export type AgentLicenseCommand =
  /** `licenseNumber` is the agent's number as the admin saw it: the check is of that number. */
  | { type: 'VerifyLicense'; actor: Actor; userId: string; licenseNumber: string; at: string }
  | { type: 'RejectLicense'; actor: Actor; userId: string; licenseNumber: string; reason: string; at: string };

export const AGENT_LICENSE_ERRORS = {
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  alreadyVerified: () =>
    new DomainError('conflict', 'license_already_verified', 'This licence number is already verified.'),
  alreadyRejected: () =>
    new DomainError('conflict', 'license_already_rejected', 'This licence number was already rejected.'),
};

/**
 * An admin checks an agent's licence number against the Real Estate Agency Council's register and
 * marks it verified or rejected (with the reason the agent is shown). A later check of the same
 * number may reverse the first (a licence revoked, a mistake put right); the same finding twice is
 * a 409, as another admin's panel is stale. A new number in the agent's profile is a new check:
 * the old finding names the old number and no longer applies.
 */
export const agentLicenseDecider: Decider<AgentLicenseCommand, AgentLicenseEvent, AgentLicenseState> = {
  initialState: () => ({ status: 'unchecked' }),
  decide(command, state) {
    if (!command.actor.isAdmin) throw AGENT_LICENSE_ERRORS.adminOnly();
    const sameNumber = state.status !== 'unchecked' && state.licenseNumber === command.licenseNumber;
    switch (command.type) {
      case 'VerifyLicense': {
        if (sameNumber && state.status === 'verified') throw AGENT_LICENSE_ERRORS.alreadyVerified();
        const { userId, licenseNumber, actor, at } = command;
        return [
          { type: 'AgentLicenseVerified', data: { userId, licenseNumber, verifiedBy: actor.id, verifiedAt: at } },
        ];
      }
      case 'RejectLicense': {
        if (sameNumber && state.status === 'rejected') throw AGENT_LICENSE_ERRORS.alreadyRejected();
        const { userId, licenseNumber, reason, actor, at } = command;
        return [
          {
            type: 'AgentLicenseRejected',
            data: { userId, licenseNumber, reason, rejectedBy: actor.id, rejectedAt: at },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'AgentLicenseVerified':
        return { status: 'verified', licenseNumber: event.data.licenseNumber };
      case 'AgentLicenseRejected':
        return { status: 'rejected', licenseNumber: event.data.licenseNumber, reason: event.data.reason };
    }
  },
};

export const agentLicenseAggregate = { eventTypes: agentLicenseEventTypes, decider: agentLicenseDecider };
