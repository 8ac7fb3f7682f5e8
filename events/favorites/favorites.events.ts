import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

/** Favourites live on the user's own stream, next to the account's events (which this module never reads). */
export const userStreamId = (userId: string) => `user-${userId}`;

export const FavoriteAdded = defineEvent(
  'FavoriteAdded',
  v.object({ userId: v.string(), propertyId: v.string(), addedAt: v.string() }),
);
export const FavoriteRemoved = defineEvent(
  'FavoriteRemoved',
  v.object({ userId: v.string(), propertyId: v.string(), removedAt: v.string() }),
);

export const favoriteEventTypes = [FavoriteAdded, FavoriteRemoved] as const;
export const FAVORITE_EVENT_NAMES: readonly string[] = favoriteEventTypes.map((t) => t.type);
