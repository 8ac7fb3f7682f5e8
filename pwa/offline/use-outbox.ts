import { useSyncExternalStore } from 'react'
import { outboxSnapshot, subscribeOutbox } from './outbox-runtime'
import type { FavoriteItem, OutboxItem } from './outbox-store'

export const useOutbox = (): OutboxItem[] => useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot)

/** The favourite states the person asked for that the server has not confirmed yet. */
export function usePendingFavorites(): FavoriteItem[] {
  return useOutbox().filter((item): item is FavoriteItem => item.kind === 'favorite' && item.status === 'waiting')
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
