import { useSyncExternalStore } from 'react';
import { outboxSnapshot, subscribeOutbox, type OutboxSnapshot } from './outbox-runtime.ts';

/** Who is signed in, and the outbox items they may see (their own, and unclaimed ones). */
export const useOutbox = (): OutboxSnapshot => useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);

export function useOnline(): boolean {
  return useSyncExternalStore(
    (callback) => {
      window.addEventListener('online', callback);
      window.addEventListener('offline', callback);
      return () => {
        window.removeEventListener('online', callback);
        window.removeEventListener('offline', callback);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
