import { useSyncExternalStore } from 'react'
import { isOwnedBy } from './outbox-owner'
import { outboxSnapshot, subscribeOutbox, type OutboxSnapshot } from './outbox-runtime'
import type { FavoriteItem } from './outbox-store'

/** Who is signed in, and the outbox items they may see (their own, and unclaimed ones). */
export const useOutbox = (): OutboxSnapshot => useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot)

/** The favourite states the signed-in person asked for that the server has not confirmed yet. */
export function usePendingFavorites(): FavoriteItem[] {
  const { signedIn, items } = useOutbox()
  return items.filter((item): item is FavoriteItem => isOwnedBy(item, signedIn) && item.kind === 'favorite' && item.status === 'waiting')
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (callback) => {
      window.addEventListener('online', callback)
      window.addEventListener('offline', callback)
      return () => {
        window.removeEventListener('online', callback)
        window.removeEventListener('offline', callback)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}
