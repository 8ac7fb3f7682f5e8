import type { Decider } from '../store/decider.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { favoriteEventTypes } from './favorites.events.ts';

export type FavoriteEvent = DomainEvent<(typeof favoriteEventTypes)[number]>;
export type FavoritesState = { favorites: ReadonlySet<string> };
export type FavoriteCommand =
  | { type: 'AddFavorite'; userId: string; propertyId: string; at: string }
  | { type: 'RemoveFavorite'; userId: string; propertyId: string; at: string };

/** Set semantics: adding what is there, or removing what is not, records nothing (the contract's idempotency). */
export const favoritesDecider: Decider<FavoriteCommand, FavoriteEvent, FavoritesState> = {
  initialState: () => ({ favorites: new Set() }),
  decide(command, { favorites }) {
    const { userId, propertyId, at } = command;
    switch (command.type) {
      case 'AddFavorite':
        return favorites.has(propertyId) ? [] : [{ type: 'FavoriteAdded', data: { userId, propertyId, addedAt: at } }];
      case 'RemoveFavorite':
        return favorites.has(propertyId)
          ? [{ type: 'FavoriteRemoved', data: { userId, propertyId, removedAt: at } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve({ favorites }, event) {
    const next = new Set(favorites);
    if (event.type === 'FavoriteAdded') next.add(event.data.propertyId);
    else next.delete(event.data.propertyId);
    return { favorites: next };
  },
};

/** Favourites share the user's stream with the account's events: the runner folds only these types. */
export const favoritesAggregate = { eventTypes: favoriteEventTypes, decider: favoritesDecider };
