import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { DomainError } from '../store/errors.ts';
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
    }
  | { status: 'deleted' };

/** Who hides a listing that enough people reported (PropertyHidden's `hiddenBy`): no person, the reports. */
export const REPORTS_ACTOR = 'system:reports';
/** Who hides, and shows again, the listings of a suspended account: no person, the suspension. */
export const SUSPENSION_ACTOR = 'system:suspension';

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
  | { type: 'ReleaseSuspensionHold'; at: string };

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
  const { propertyId } = s;
  return isActive
    ? [{ type: 'PropertyShown', data: { propertyId, shownBy: actor.id, shownAt: at } }]
    : [{ type: 'PropertyHidden', data: { propertyId, hiddenBy: actor.id, hiddenAt: at } }];
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
    };
  }
  if (state.status !== 'listed') return state;
  switch (event.type) {
    case 'PropertyEdited':
      return { ...state, details: { ...state.details, ...definedOnly(event.data.changes) } };
    case 'PropertyImagesChanged':
      return { ...state, images: event.data.images };
    case 'PropertyApproved':
      return { ...state, isVerified: true };
    case 'PropertyHidden':
      return {
        ...state,
        isActive: false,
        heldForReports: state.heldForReports || event.data.hiddenBy === REPORTS_ACTOR,
        heldForSuspension: state.heldForSuspension || event.data.hiddenBy === SUSPENSION_ACTOR,
      };
    case 'PropertyShown':
      return { ...state, isActive: true, heldForReports: false, heldForSuspension: false };
    case 'PropertyFeatured':
    case 'PropertyFeaturedOrderChanged':
      return { ...state, isFeatured: true, featuredOrder: event.data.featuredOrder };
    case 'PropertyUnfeatured':
      return { ...state, isFeatured: false, featuredOrder: null };
    case 'PropertyDeletedByOwner':
    case 'PropertyDeletedPermanently':
      return { status: 'deleted' };
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
