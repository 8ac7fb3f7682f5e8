import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { DomainError } from '../store/errors.ts';
import { expiresAt, reminderDueAt } from './freshness.policy.ts';
import { listingEventTypes, type ListingDetails } from './listing.events.ts';

export type ListingEvent = DomainEvent<(typeof listingEventTypes)[number]>;

export type ListingState =
  | { status: 'none' }
  | {
      status: 'listed';
      propertyId: string;
      ownerId: string;
      details: ListingDetails;
      images: string[];
      isVerified: boolean;
      isActive: boolean;
      isFeatured: boolean;
      featuredOrder: number | null;
      /** Hidden by reports until an admin decides (events/listing-report): its owner cannot show it. */
      heldForReports: boolean;
      /** Hidden because its owner's account is suspended (events/user/account-suspension.decider.ts). */
      heldForSuspension: boolean;
      /** When it was last approved or confirmed available (freshness.policy.ts); null while never approved. */
      confirmedAt: string | null;
      /** When it leaves search, once its host was reminded of it for this confirmation; else null. */
      remindedExpiresAt: string | null;
      /** Out of search until its host brings it back: not confirmed in time, or let. */
      down: 'expired' | 'let' | null;
      /** Edited while down: coming back, it waits for approval again. */
      changedWhileDown: boolean;
    }
  | { status: 'deleted' };

/** Who hides a listing that enough people reported (PropertyHidden's `hiddenBy`): no person, the reports. */
export const REPORTS_ACTOR = 'system:reports';
/** Who hides, and shows again, the listings of a suspended account: no person, the suspension. */
export const SUSPENSION_ACTOR = 'system:suspension';
/** Who reminds hosts and takes unconfirmed listings out of search (docs/decisions/400). */
export const FRESHNESS_ACTOR = 'system:freshness';

type Listed = Extract<ListingState, { status: 'listed' }>;

export type ListingCommand =
  | {
      type: 'SubmitProperty';
      propertyId: string;
      ownerId: string;
      details: ListingDetails;
      images: string[];
      at: string;
    }
  | {
      type: 'EditProperty';
      actor: Actor;
      changes: Partial<ListingDetails>;
      images?: string[] | undefined;
      isActive?: boolean | undefined;
      at: string;
    }
  | { type: 'ApproveProperty'; actor: Actor; at: string }
  | { type: 'SetVisibility'; actor: Actor; isActive: boolean; at: string }
  | { type: 'SetFeatured'; actor: Actor; isFeatured: boolean; featuredOrder: number; at: string }
  | { type: 'ChangeFeaturedOrder'; actor: Actor; featuredOrder: number; at: string }
  | { type: 'DeleteByOwner'; actor: Actor; at: string }
  | { type: 'DeletePermanently'; actor: Actor; at: string }
  /** Enough independent reports (events/listing-report decided it): hidden until an admin shows it again. */
  | { type: 'HoldForReports'; at: string }
  /** Its owner was suspended: a visible listing is hidden until the suspension is lifted. */
  | { type: 'HoldForSuspension'; at: string }
  /** The owner's suspension was lifted: a listing the suspension hid is shown again. */
  | { type: 'ReleaseSuspensionHold'; at: string }
  /** The host says it is still available (an expired or let listing comes back with it). */
  | { type: 'ConfirmAvailable'; actor: Actor; at: string }
  | { type: 'MarkLet'; actor: Actor; at: string }
  /** An expired or let listing back in search. */
  | { type: 'Relist'; actor: Actor; at: string }
  /** The freshness sweep: a week's warning once a listing's reminder is due. */
  | { type: 'RemindExpiry'; at: string }
  /** The freshness sweep: out of search once the reminded time has come. */
  | { type: 'Expire'; at: string };

export const LISTING_ERRORS = {
  notFound: () => new DomainError('not_found', 'property_not_found', 'Property not found'),
  exists: () => new DomainError('conflict', 'property_exists', 'A property with this id already exists.'),
  notOwnerEdit: () =>
    new DomainError('forbidden', 'not_owner', "Access Denied: You don't have permission to edit this property"),
  notOwnerDelete: () => new DomainError('forbidden', 'not_owner', "You don't have permission to delete this property"),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  heldForReports: () =>
    new DomainError(
      'conflict',
      'held_for_review',
      'This listing is hidden while the Efie team reviews reports about it. You will hear from us.',
    ),
  heldForSuspension: () =>
    new DomainError(
      'conflict',
      'held_for_suspension',
      'This listing is hidden while its owner’s account is suspended.',
    ),
  notVerified: () =>
    new DomainError('conflict', 'property_not_verified', 'Only an approved property can be hidden or shown.'),
  notLive: () =>
    new DomainError('conflict', 'property_not_live', 'Only an approved, visible property can be featured.'),
  notFeatured: () => new DomainError('conflict', 'property_not_featured', 'This property is not featured.'),
  notApprovedYet: () =>
    new DomainError(
      'conflict',
      'property_not_verified',
      'This listing is waiting for approval: it is not on Efie yet, so there is nothing to confirm or take down.',
    ),
  notDown: () => new DomainError('conflict', 'property_not_down', 'This listing is already on Efie.'),
};

const isLive = (s: Listed) => s.isVerified && s.isActive;

function listed(state: ListingState): Listed {
  if (state.status !== 'listed') throw LISTING_ERRORS.notFound();
  return state;
}

function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw LISTING_ERRORS.adminOnly();
}

function visibilityEvents(s: Listed, actor: Actor, isActive: boolean, at: string): ListingEvent[] {
  if (isActive === s.isActive) return [];
  if (!s.isVerified) throw LISTING_ERRORS.notVerified();
  if (isActive && s.heldForReports && !actor.isAdmin) throw LISTING_ERRORS.heldForReports();
  if (isActive && s.heldForSuspension && !actor.isAdmin) throw LISTING_ERRORS.heldForSuspension();
  if (isActive && s.down !== null) return relistEvents(s, actor, at);
  const { propertyId } = s;
  if (!isActive) return [{ type: 'PropertyHidden', data: { propertyId, hiddenBy: actor.id, hiddenAt: at } }];
  const shown: ListingEvent = { type: 'PropertyShown', data: { propertyId, shownBy: actor.id, shownAt: at } };
  // Its host showing it again says it is available: its 45 days start again.
  if (actor.id !== s.ownerId) return [shown];
  return [
    shown,
    { type: 'ListingAvailabilityConfirmed', data: { propertyId, confirmedBy: actor.id, confirmedAt: at } },
  ];
}

/** An expired or let listing back in search; changed while down, it waits for approval again. */
function relistEvents(s: Listed, actor: Actor, at: string): ListingEvent[] {
  if (s.heldForReports && !actor.isAdmin) throw LISTING_ERRORS.heldForReports();
  if (s.heldForSuspension && !actor.isAdmin) throw LISTING_ERRORS.heldForSuspension();
  const needsReview = s.changedWhileDown && !actor.isAdmin;
  return [
    { type: 'ListingRelisted', data: { propertyId: s.propertyId, needsReview, relistedBy: actor.id, relistedAt: at } },
  ];
}

function ownedAndApproved(state: ListingState, actor: Actor): Listed {
  const s = listed(state);
  if (actor.id !== s.ownerId) throw LISTING_ERRORS.notOwnerEdit();
  if (!s.isVerified && s.down === null) throw LISTING_ERRORS.notApprovedYet();
  return s;
}

function decide(command: ListingCommand, state: ListingState): ListingEvent[] {
  switch (command.type) {
    case 'SubmitProperty': {
      if (state.status !== 'none') throw LISTING_ERRORS.exists();
      const { propertyId, ownerId, details, images, at } = command;
      return [{ type: 'PropertySubmitted', data: { propertyId, ownerId, details, images, submittedAt: at } }];
    }
    case 'EditProperty': {
      const s = listed(state);
      const { actor, at } = command;
      if (actor.id !== s.ownerId) throw LISTING_ERRORS.notOwnerEdit();
      const changes: Partial<ListingDetails> = {};
      for (const [key, value] of Object.entries(command.changes) as [keyof ListingDetails, unknown][]) {
        if (value === undefined) continue;
        if (JSON.stringify(value) !== JSON.stringify(s.details[key])) Object.assign(changes, { [key]: value });
      }
      // Checked before any event: a refused visibility change refuses the whole edit.
      const visibility = command.isActive === undefined ? [] : visibilityEvents(s, actor, command.isActive, at);
      const events: ListingEvent[] = [];
      if (Object.keys(changes).length > 0) {
        events.push({
          type: 'PropertyEdited',
          data: { propertyId: s.propertyId, changes, editedBy: actor.id, editedAt: at },
        });
      }
      if (command.images && JSON.stringify(command.images) !== JSON.stringify(s.images)) {
        const removed = s.images.filter((url) => !command.images!.includes(url));
        events.push({
          type: 'PropertyImagesChanged',
          data: { propertyId: s.propertyId, images: command.images, removed, changedBy: actor.id, changedAt: at },
        });
      }
      return [...events, ...visibility];
    }
    case 'ApproveProperty': {
      const s = listed(state);
      requireAdmin(command.actor);
      if (s.isVerified) return [];
      return [
        {
          type: 'PropertyApproved',
          data: { propertyId: s.propertyId, approvedBy: command.actor.id, approvedAt: command.at },
        },
      ];
    }
    case 'SetVisibility': {
      const s = listed(state);
      if (!command.actor.isAdmin && command.actor.id !== s.ownerId) throw LISTING_ERRORS.notOwnerEdit();
      return visibilityEvents(s, command.actor, command.isActive, command.at);
    }
    case 'SetFeatured': {
      const s = listed(state);
      const { actor, at, featuredOrder } = command;
      requireAdmin(actor);
      const propertyId = s.propertyId;
      if (!command.isFeatured) {
        return s.isFeatured
          ? [{ type: 'PropertyUnfeatured', data: { propertyId, unfeaturedBy: actor.id, unfeaturedAt: at } }]
          : [];
      }
      if (!isLive(s)) throw LISTING_ERRORS.notLive();
      if (!s.isFeatured)
        return [
          { type: 'PropertyFeatured', data: { propertyId, featuredOrder, featuredBy: actor.id, featuredAt: at } },
        ];
      if (s.featuredOrder === featuredOrder) return [];
      return [
        {
          type: 'PropertyFeaturedOrderChanged',
          data: { propertyId, featuredOrder, changedBy: actor.id, changedAt: at },
        },
      ];
    }
    case 'ChangeFeaturedOrder': {
      const s = listed(state);
      requireAdmin(command.actor);
      if (!s.isFeatured) throw LISTING_ERRORS.notFeatured();
      if (s.featuredOrder === command.featuredOrder) return [];
      return [
        {
          type: 'PropertyFeaturedOrderChanged',
          data: {
            propertyId: s.propertyId,
            featuredOrder: command.featuredOrder,
            changedBy: command.actor.id,
            changedAt: command.at,
          },
        },
      ];
    }
    case 'DeleteByOwner': {
      const s = listed(state);
      if (command.actor.id !== s.ownerId) throw LISTING_ERRORS.notOwnerDelete();
      return [
        {
          type: 'PropertyDeletedByOwner',
          data: { propertyId: s.propertyId, deletedBy: command.actor.id, deletedAt: command.at },
        },
      ];
    }
    case 'DeletePermanently': {
      requireAdmin(command.actor);
      const s = listed(state);
      return [
        {
          type: 'PropertyDeletedPermanently',
          data: { propertyId: s.propertyId, images: s.images, deletedBy: command.actor.id, deletedAt: command.at },
        },
      ];
    }
    case 'HoldForReports': {
      const s = listed(state);
      if (s.heldForReports) return [];
      return [
        { type: 'PropertyHidden', data: { propertyId: s.propertyId, hiddenBy: REPORTS_ACTOR, hiddenAt: command.at } },
      ];
    }
    case 'HoldForSuspension': {
      // Waiting for approval or not, a visible listing is hidden; one its owner or the reports hid stays so.
      const s = listed(state);
      if (!s.isActive) return [];
      return [
        {
          type: 'PropertyHidden',
          data: { propertyId: s.propertyId, hiddenBy: SUSPENSION_ACTOR, hiddenAt: command.at },
        },
      ];
    }
    case 'ReleaseSuspensionHold': {
      const s = listed(state);
      if (!s.heldForSuspension || s.heldForReports || s.isActive) return [];
      return [
        { type: 'PropertyShown', data: { propertyId: s.propertyId, shownBy: SUSPENSION_ACTOR, shownAt: command.at } },
      ];
    }
    case 'ConfirmAvailable': {
      const s = ownedAndApproved(state, command.actor);
      if (s.down !== null) return relistEvents(s, command.actor, command.at);
      if (s.heldForReports) throw LISTING_ERRORS.heldForReports();
      if (s.heldForSuspension) throw LISTING_ERRORS.heldForSuspension();
      return [
        {
          type: 'ListingAvailabilityConfirmed',
          data: { propertyId: s.propertyId, confirmedBy: command.actor.id, confirmedAt: command.at },
        },
      ];
    }
    case 'MarkLet': {
      const s = ownedAndApproved(state, command.actor);
      if (s.down === 'let') return [];
      return [
        {
          type: 'ListingMarkedLet',
          data: { propertyId: s.propertyId, markedBy: command.actor.id, markedAt: command.at },
        },
      ];
    }
    case 'Relist': {
      const s = listed(state);
      if (command.actor.id !== s.ownerId) throw LISTING_ERRORS.notOwnerEdit();
      if (s.down === null) throw LISTING_ERRORS.notDown();
      return relistEvents(s, command.actor, command.at);
    }
    case 'RemindExpiry': {
      if (state.status !== 'listed') return [];
      const s = state;
      if (!isLive(s) || s.confirmedAt === null || s.remindedExpiresAt !== null) return [];
      if (command.at < reminderDueAt(s.confirmedAt)) return [];
      return [
        {
          type: 'ListingExpiryReminded',
          data: { propertyId: s.propertyId, expiresAt: expiresAt(s.confirmedAt, command.at), remindedAt: command.at },
        },
      ];
    }
    case 'Expire': {
      if (state.status !== 'listed') return [];
      const s = state;
      if (!isLive(s) || s.remindedExpiresAt === null || command.at < s.remindedExpiresAt) return [];
      return [{ type: 'ListingExpired', data: { propertyId: s.propertyId, expiredAt: command.at } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

const definedOnly = (changes: object): Partial<ListingDetails> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));

function evolve(state: ListingState, event: ListingEvent): ListingState {
  if (event.type === 'PropertySubmitted') {
    const { propertyId, ownerId, details, images } = event.data;
    return {
      status: 'listed',
      propertyId,
      ownerId,
      details,
      images,
      isVerified: false,
      isActive: true,
      isFeatured: false,
      featuredOrder: null,
      heldForReports: false,
      heldForSuspension: false,
      confirmedAt: null,
      remindedExpiresAt: null,
      down: null,
      changedWhileDown: false,
    };
  }
  if (state.status !== 'listed') return state;
  const changedWhileDown = state.changedWhileDown || state.down !== null;
  switch (event.type) {
    case 'PropertyEdited':
      return { ...state, details: { ...state.details, ...definedOnly(event.data.changes) }, changedWhileDown };
    case 'PropertyImagesChanged':
      return { ...state, images: event.data.images, changedWhileDown };
    case 'PropertyApproved':
      return { ...state, isVerified: true, confirmedAt: event.data.approvedAt, remindedExpiresAt: null };
    case 'PropertyHidden':
      return {
        ...state,
        isActive: false,
        heldForReports: state.heldForReports || event.data.hiddenBy === REPORTS_ACTOR,
        heldForSuspension: state.heldForSuspension || event.data.hiddenBy === SUSPENSION_ACTOR,
      };
    case 'PropertyShown':
      return { ...state, isActive: true, heldForReports: false, heldForSuspension: false, down: null };
    case 'PropertyFeatured':
    case 'PropertyFeaturedOrderChanged':
      return { ...state, isFeatured: true, featuredOrder: event.data.featuredOrder };
    case 'PropertyUnfeatured':
      return { ...state, isFeatured: false, featuredOrder: null };
    case 'PropertyDeletedByOwner':
    case 'PropertyDeletedPermanently':
      return { status: 'deleted' };
    case 'ListingAvailabilityConfirmed':
      return { ...state, confirmedAt: event.data.confirmedAt, remindedExpiresAt: null };
    case 'ListingExpiryReminded':
      return { ...state, remindedExpiresAt: event.data.expiresAt };
    case 'ListingExpired':
      return { ...state, isActive: false, down: 'expired', changedWhileDown: false };
    case 'ListingMarkedLet':
      return { ...state, isActive: false, down: 'let', changedWhileDown: false };
    case 'ListingRelisted':
      return {
        ...state,
        isActive: true,
        isVerified: state.isVerified && !event.data.needsReview,
        down: null,
        changedWhileDown: false,
        confirmedAt: event.data.relistedAt,
        remindedExpiresAt: null,
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const listingDecider: Decider<ListingCommand, ListingEvent, ListingState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};

/** The listing's events and rules, for the command runner (api/commands/run-command.ts). */
export const listingAggregate = { eventTypes: listingEventTypes, decider: listingDecider };
