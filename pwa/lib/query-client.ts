import { QueryClient } from '@tanstack/react-query';

// Spec part 1 §9: queries never go stale, no refetch on focus, no polling, no retries.
// Offline (issue 6): answers are kept for days (the persisted cache needs them in memory),
// and calls are tried even when the browser says offline, so a screen with nothing cached
// fails at once and says so instead of waiting paused forever.
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
// Offline, what is cached is shown as it is ('static' even beats invalidation); online,
// data restored from the device was marked stale and refreshes in the background.
const staleTime = () => (typeof navigator !== 'undefined' && !navigator.onLine ? ('static' as const) : Infinity);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime, refetchOnWindowFocus: false, retry: false, gcTime: KEEP_MS, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
