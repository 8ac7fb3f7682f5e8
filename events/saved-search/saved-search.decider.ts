import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { savedSearchEventTypes } from './saved-search.events.ts';
import { ALERT_INTERVAL_HOURS, type SavedSearchFilters } from './saved-search.policy.ts';

export type SavedSearchEvent = DomainEvent<(typeof savedSearchEventTypes)[number]>;

export type SavedSearchState =
  | { status: 'none' }
  | {
      status: 'saved' | 'unsubscribed';
      searchId: string;
      userId: string;
      lastAlertAt: string | null;
      /** The listings already alerted about: never twice. */
      alerted: string[];
    };

export type SavedSearchCommand =
  | {
      type: 'SaveSearch';
      searchId: string;
      actor: Actor;
      name: string;
      filters: SavedSearchFilters;
      /** How many searches the person keeps now, and how many they may. */
      kept: number;
      limit: number;
      at: string;
    }
  /** A listing that went live matches: alert unless one went out within the interval. `ownerId`: the listing's. */
  | { type: 'SendAlert'; listingId: string; ownerId: string; channel: 'push' | 'email' | 'sms'; at: string }
  /** `actor` null: the signed link in an alert, which proves who asked. */
  | { type: 'Unsubscribe'; actor: Actor | null; at: string };

export const SAVED_SEARCH_ERRORS = {
  notFound: () => new DomainError('not_found', 'saved_search_not_found', 'No saved search has this id.'),
  tooMany: (limit: number) =>
    new DomainError(
      'conflict',
      'too_many_saved_searches',
      `You can keep ${limit} saved searches. Delete one before you save another.`,
    ),
  exists: () => new DomainError('conflict', 'saved_search_exists', 'A saved search with this id already exists.'),
};

const INTERVAL_MS = ALERT_INTERVAL_HOURS * 60 * 60 * 1000;

/**
 * A saved search's rules: its owner saves it (within the limit) and unsubscribes; an alert goes
 * out for a listing that matched when it went live, unless the listing is the owner's own, it was
 * alerted about before, the search is unsubscribed, or an alert went out in the last
 * ALERT_INTERVAL_HOURS: those record nothing (the listing waits for no later alert; the search page
 * shows it).
 */
export const savedSearchDecider: Decider<SavedSearchCommand, SavedSearchEvent, SavedSearchState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'SaveSearch': {
        if (state.status !== 'none') throw SAVED_SEARCH_ERRORS.exists();
        if (command.kept >= command.limit) throw SAVED_SEARCH_ERRORS.tooMany(command.limit);
        const { searchId, actor, name, filters, at } = command;
        return [{ type: 'SearchSaved', data: { searchId, userId: actor.id, name, filters, savedAt: at } }];
      }
      case 'SendAlert': {
        if (state.status !== 'saved') return [];
        const { listingId, ownerId, channel, at } = command;
        if (ownerId === state.userId || state.alerted.includes(listingId)) return [];
        if (state.lastAlertAt && Date.parse(at) - Date.parse(state.lastAlertAt) < INTERVAL_MS) return [];
        return [{ type: 'SearchAlertSent', data: { searchId: state.searchId, listingId, channel, sentAt: at } }];
      }
      case 'Unsubscribe': {
        // Someone else's search does not exist for them.
        if (state.status === 'none' || (command.actor && command.actor.id !== state.userId))
          throw SAVED_SEARCH_ERRORS.notFound();
        if (state.status === 'unsubscribed') return [];
        return [
          {
            type: 'SearchUnsubscribed',
            data: { searchId: state.searchId, by: command.actor ? 'owner' : 'link', unsubscribedAt: command.at },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SearchSaved':
        return {
          status: 'saved',
          searchId: event.data.searchId,
          userId: event.data.userId,
          lastAlertAt: null,
          alerted: [],
        };
      case 'SearchAlertSent':
        if (state.status === 'none') return state;
        return { ...state, lastAlertAt: event.data.sentAt, alerted: [...state.alerted, event.data.listingId] };
      case 'SearchUnsubscribed':
        if (state.status === 'none') return state;
        return { ...state, status: 'unsubscribed' };
    }
  },
};

export const savedSearchAggregate = { eventTypes: savedSearchEventTypes, decider: savedSearchDecider };
