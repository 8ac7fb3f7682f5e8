import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { serviceProviderEventTypes, type ProviderDetails, type ProviderStatus } from './service-provider.events.ts';

export type ServiceProviderEvent = DomainEvent<(typeof serviceProviderEventTypes)[number]>;

export type ServiceProviderState =
  | { status: 'none' }
  | { status: ProviderStatus; providerId: string; applicantId: string; details: ProviderDetails };

export type ServiceProviderCommand =
  | { type: 'RegisterProvider'; providerId: string; applicantId: string; details: ProviderDetails; at: string }
  | { type: 'SetProviderStatus'; actor: Actor; status: ProviderStatus; at: string };

export const PROVIDER_ERRORS = {
  notFound: () => new DomainError('not_found', 'provider_not_found', 'Service provider not found'),
  exists: () => new DomainError('conflict', 'provider_exists', 'A service provider with this id already exists.'),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  backToPending: () =>
    new DomainError('conflict', 'provider_transition_not_allowed', 'A reviewed application cannot go back to pending.'),
  pendingElsewhere: () =>
    new DomainError(
      'conflict',
      'provider_pending_exists',
      'You already have an application waiting for review. We will contact you within 24 hours.',
    ),
};

/**
 * Spec part 2 §4: pending → approved or rejected; approved → rejected (Revoke
 * Approval); rejected → approved. Asking for the status it already has records
 * nothing (a double click, two admins agreeing); nothing goes back to pending.
 */
function transition(
  from: ProviderStatus,
  to: ProviderStatus,
  providerId: string,
  actor: Actor,
  at: string,
): ServiceProviderEvent[] {
  if (from === to) return [];
  if (to === 'pending') throw PROVIDER_ERRORS.backToPending();
  if (from === 'pending' && to === 'approved')
    return [{ type: 'ServiceProviderApproved', data: { providerId, approvedBy: actor.id, approvedAt: at } }];
  if (from === 'pending' && to === 'rejected')
    return [{ type: 'ServiceProviderRejected', data: { providerId, rejectedBy: actor.id, rejectedAt: at } }];
  if (from === 'approved')
    return [{ type: 'ServiceProviderApprovalRevoked', data: { providerId, revokedBy: actor.id, revokedAt: at } }];
  return [{ type: 'ServiceProviderReapproved', data: { providerId, approvedBy: actor.id, approvedAt: at } }];
}

function decide(command: ServiceProviderCommand, state: ServiceProviderState): ServiceProviderEvent[] {
  switch (command.type) {
    case 'RegisterProvider': {
      if (state.status !== 'none') throw PROVIDER_ERRORS.exists();
      const { providerId, applicantId, details, at } = command;
      return [{ type: 'ServiceProviderRegistered', data: { providerId, applicantId, details, registeredAt: at } }];
    }
    case 'SetProviderStatus': {
      if (state.status === 'none') throw PROVIDER_ERRORS.notFound();
      if (!command.actor.isAdmin) throw PROVIDER_ERRORS.adminOnly();
      return transition(state.status, command.status, state.providerId, command.actor, command.at);
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function evolve(state: ServiceProviderState, event: ServiceProviderEvent): ServiceProviderState {
  if (event.type === 'ServiceProviderRegistered') {
    const { providerId, applicantId, details } = event.data;
    return { status: 'pending', providerId, applicantId, details };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ServiceProviderApproved':
    case 'ServiceProviderReapproved':
      return { ...state, status: 'approved' };
    case 'ServiceProviderRejected':
    case 'ServiceProviderApprovalRevoked':
      return { ...state, status: 'rejected' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const serviceProviderDecider: Decider<ServiceProviderCommand, ServiceProviderEvent, ServiceProviderState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};

/** The provider's events and rules, for the command runner. */
export const serviceProviderAggregate = { eventTypes: serviceProviderEventTypes, decider: serviceProviderDecider };
