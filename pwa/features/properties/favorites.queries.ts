import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { cachedUserId, currentUserQuery } from '../../lib/current-user.ts';
import { isOwnedBy } from '../../offline/outbox-owner.ts';
import { kickOutbox } from '../../offline/outbox-runtime.ts';
import { useOutbox } from '../../offline/use-outbox.ts';
import { isFavoriteItem, queueFavorite, type FavoriteItem } from './favorite.outbox.ts';

export const fetchFavorites = (signal?: AbortSignal) => apiGet<Property[]>('/api/favorites', signal);

export const favoritesQuery = () =>
  queryOptions({ queryKey: ['favorites'], queryFn: ({ signal }) => fetchFavorites(signal) });

/** The favourite states the signed-in person asked for that the server has not confirmed yet. */
function usePendingFavorites(): FavoriteItem[] {
  const { signedIn, items } = useOutbox();
  return items.filter(
    (item): item is FavoriteItem => isOwnedBy(item, signedIn) && isFavoriteItem(item) && item.status === 'waiting',
  );
}

/** The server's favourites with the wishes still waiting in the offline outbox applied. */
export function useFavorites(enabled: boolean) {
  const query = useQuery({ ...favoritesQuery(), enabled });
  const pending = usePendingFavorites();
  const data = useMemo(() => {
    if (!query.data || pending.length === 0) return query.data;
    const changed = new Set(pending.map((item) => item.propertyId));
    const added = pending.filter((item) => item.favorite).map((item) => item.property);
    return [...added, ...query.data.filter((item) => !changed.has(item.id))];
  }, [query.data, pending]);
  return { ...query, data } as typeof query;
}

/**
 * POST or DELETE /api/favorites/{id}: both idempotent, so we send the wanted state. It goes
 * through the offline outbox (pwa/offline): sent at once when possible, later otherwise.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ property, favorite }: { property: Property; favorite: boolean }) => {
      // The wish is sent only with the session of the person who made it (a shared phone).
      const ownerId = cachedUserId(queryClient);
      if (!ownerId) throw new Error('Please sign in to save properties');
      await queueFavorite(property, favorite, ownerId);
      kickOutbox();
    },
    onMutate: async ({ property, favorite }) => {
      await queryClient.cancelQueries({ queryKey: ['favorites'] });
      const previous = queryClient.getQueryData<Property[]>(['favorites']);
      queryClient.setQueryData<Property[]>(['favorites'], (list = []) =>
        favorite
          ? [property, ...list.filter((item) => item.id !== property.id)]
          : list.filter((item) => item.id !== property.id),
      );
      return { previous };
    },
    // Only a failure to store the wish lands here; the outbox refreshes favourites once sent.
    onError: (_error, _variables, context) => queryClient.setQueryData(['favorites'], context?.previous),
  });
}

/** Loaders start the favourites as soon as the current user is known, not after the first render. */
export function prefetchFavoritesWhenSignedIn(queryClient: QueryClient) {
  void queryClient
    .ensureQueryData(currentUserQuery())
    .then((user) => (user ? queryClient.prefetchQuery(favoritesQuery()) : undefined))
    .catch(() => undefined);
}
