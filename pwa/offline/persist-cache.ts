import { createStore, del, get, set } from 'idb-keyval';
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { currentUserQuery, isCurrentUserQuery } from '../lib/current-user.ts';
import { signOutPending } from './session-store.ts';

// What the person saw (search results, listings, favourites, own listings, the current
// user) is kept in IndexedDB so that the app reads from it offline. A new build has a new
// buster, so the old build's cache is dropped (drafts and the outbox live elsewhere).
// Signing out deletes it whole (forgetPersistedCache): answers fetched while signed in carry
// personal data (your own listings, pending ones with your e-mail and phone; owners' contacts
// shown only to signed-in people), and a shared phone's next person must find none of it.

declare const __EFIE_BUILD__: string;
export const BUILD_ID: string = typeof __EFIE_BUILD__ === 'string' ? __EFIE_BUILD__ : 'dev';
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const KEY = 'query-cache';
const SAVE_THROTTLE_MS = 500;

const store = () => createStore('efie-query-cache', 'cache');

/** Drops the copy waiting to be written (the persister writes at most every SAVE_THROTTLE_MS). */
let dropPendingWrite = () => {};

function idbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  dropPendingWrite = () => {
    clearTimeout(timer);
    timer = undefined;
    latest = undefined;
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (latest) void set(KEY, latest, store()).catch(() => undefined);
    latest = undefined;
  };
  // Leaving the page (a reload, the app closed) writes what is pending at once.
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  return {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(flush, SAVE_THROTTLE_MS);
    },
    restoreClient: () => get<PersistedClient>(KEY, store()),
    removeClient: () => del(KEY, store()),
  };
}

/**
 * Only finished answers, never the admin panel's (desktop, always online), and never "nobody is
 * signed in". The session cookie is written the moment a sign-in is answered, this copy up to
 * SAVE_THROTTLE_MS later (and a write begun as the page unloads may never land): a saved "signed
 * out" restored by a reload right after signing in made the dashboard send the person away before
 * the server's answer came (issue 28). Unsaved, the answer is asked for at start, as on a first
 * visit; offline, a failed ask counts as signed out just the same.
 */
const worthKeeping = (query: Query | CoreQuery) =>
  query.state.status === 'success' &&
  query.queryKey[0] !== 'admin' &&
  !(isCurrentUserQuery(query) && query.state.data == null);

// query-persist-client-core pins an older query-core than react-query's; both are 5.x and
// the persister only uses the client's public cache API, so the types are bridged here.
type CoreClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];
type CoreQuery = Parameters<
  NonNullable<
    NonNullable<Parameters<typeof persistQueryClientSubscribe>[0]['dehydrateOptions']>['shouldDehydrateQuery']
  >
>[0];

/**
 * Restores the saved cache before the first render. Online, what was restored is marked
 * stale, so screens show it at once and refresh it in the background.
 */
export async function restoreQueryCache(client: QueryClient): Promise<void> {
  const persister = idbPersister();
  const queryClient = client as unknown as CoreClient;
  // Someone signed out and the server has not heard yet: whatever is saved was theirs (the
  // sign-out deletes it, but an app killed in between would still hold it). Nothing is restored.
  if (await signOutPending()) await forgetPersistedCache();
  try {
    await persistQueryClientRestore({ queryClient, persister, buster: BUILD_ID, maxAge: CACHE_MAX_AGE_MS });
  } catch {
    // A broken or unreadable cache only costs a refetch.
  }
  if (navigator.onLine) {
    void client.invalidateQueries({ refetchType: 'none' });
    // The current user never refetches on mount (spec: cached 5 minutes), so a restored copy
    // would outlive a profile change made just before a reload: ask the server once per start.
    void client.refetchQueries({ queryKey: currentUserQuery().queryKey });
  }
  persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: worthKeeping },
  });
}

/**
 * Deletes the saved cache, and the copy about to be written. Called after the cache in memory
 * was emptied, so what the persister writes next holds nothing of the person who signed out.
 */
export async function forgetPersistedCache(): Promise<void> {
  dropPendingWrite();
  await del(KEY, store());
}
