import { createStore, del, get, set } from 'idb-keyval'
import type { Query, QueryClient } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core'

// What the person saw (search results, listings, favourites, own listings, the current
// user) is kept in IndexedDB so that the app reads from it offline. A new build has a new
// buster, so the old build's cache is dropped (drafts and the outbox live elsewhere).

declare const __EFIE_BUILD__: string
export const BUILD_ID: string = typeof __EFIE_BUILD__ === 'string' ? __EFIE_BUILD__ : 'dev'
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const KEY = 'query-cache'
const SAVE_THROTTLE_MS = 500

const store = () => createStore('efie-query-cache', 'cache')

function idbPersister(): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest: PersistedClient | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (latest) void set(KEY, latest, store()).catch(() => undefined)
    latest = undefined
  }
  // Leaving the page (a reload, the app closed) writes what is pending at once.
  addEventListener('pagehide', flush)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
  return {
    persistClient: (client) => {
      latest = client
      timer ??= setTimeout(flush, SAVE_THROTTLE_MS)
    },
    restoreClient: () => get<PersistedClient>(KEY, store()),
    removeClient: () => del(KEY, store()),
  }
}

/** Only finished answers, and never the admin panel's (desktop, always online). */
const worthKeeping = (query: Query | CoreQuery) => query.state.status === 'success' && query.queryKey[0] !== 'admin'

// query-persist-client-core pins an older query-core than react-query's; both are 5.x and
// the persister only uses the client's public cache API, so the types are bridged here.
type CoreClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient']
type CoreQuery = Parameters<NonNullable<NonNullable<Parameters<typeof persistQueryClientSubscribe>[0]['dehydrateOptions']>['shouldDehydrateQuery']>>[0]

/**
 * Restores the saved cache before the first render. Online, what was restored is marked
 * stale, so screens show it at once and refresh it in the background.
 */
export async function restoreQueryCache(client: QueryClient): Promise<void> {
  const persister = idbPersister()
  const queryClient = client as unknown as CoreClient
  try {
    await persistQueryClientRestore({ queryClient, persister, buster: BUILD_ID, maxAge: CACHE_MAX_AGE_MS })
  } catch {
    // A broken or unreadable cache only costs a refetch.
  }
  if (navigator.onLine) {
    void client.invalidateQueries({ refetchType: 'none' })
    // The current user never refetches on mount (spec: cached 5 minutes), so a restored copy
    // would outlive a profile change made just before a reload: ask the server once per start.
    void client.refetchQueries({ queryKey: ['auth', 'user'] })
  }
  persistQueryClientSubscribe({ queryClient, persister, buster: BUILD_ID, dehydrateOptions: { shouldDehydrateQuery: worthKeeping } })
}
