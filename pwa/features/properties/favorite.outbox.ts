import * as v from 'valibot';
import type { Property } from '../../lib/contract.ts';
import { call } from '../../offline/outbox-call.ts';
import type { OutboxKind } from '../../offline/outbox-kind.ts';
import { registerOutboxKind } from '../../offline/outbox-registry.ts';
import { fresh, queueReplacing, type OutboxItem, type QueuedItem } from '../../offline/outbox-store.ts';

// A tap on Save or Remove from saved, waiting in the outbox (page and service worker alike).

export type FavoriteItem = QueuedItem<'favorite', { propertyId: string; favorite: boolean; property: Property }>;

export const isFavoriteItem = (item: OutboxItem): item is FavoriteItem => item.kind === 'favorite';

export const favoriteKind: OutboxKind<FavoriteItem> = {
  kind: 'favorite',
  schema: v.looseObject({
    kind: v.literal('favorite'),
    propertyId: v.string(),
    favorite: v.boolean(),
    property: v.looseObject({ id: v.string(), title: v.string() }),
  }),
  target: (item) => `favorite:${item.propertyId}`,
  send: (item, session) =>
    call(session, item.favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(item.propertyId)}`, item.id),
  sentOnPage: (queryClient) => void queryClient.invalidateQueries({ queryKey: ['favorites'] }),
};

export function registerFavoriteOutbox() {
  registerOutboxKind(favoriteKind);
}

/**
 * Favourites are sent as the wanted state (POST or DELETE, both idempotent): the last tap
 * wins. A newer wish of the same person for the same property supersedes their waiting one.
 * Another person's wish for it stays: it is theirs.
 */
export async function queueFavorite(property: Property, favorite: boolean, ownerId: string): Promise<FavoriteItem> {
  const item = fresh<FavoriteItem>({
    kind: 'favorite',
    ownerId,
    propertyId: property.id,
    favorite,
    property,
    label: `${favorite ? 'Save' : 'Remove from saved'}: ${property.title}`,
  });
  await queueReplacing(item, (stored) => isFavoriteItem(stored) && stored.propertyId === property.id);
  return item;
}
