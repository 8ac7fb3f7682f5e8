import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { createQueryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'
import { CenteredSpinner } from './ui/spinner'
import { restoreQueryCache, BUILD_ID } from './offline/persist-cache'
import { startOutbox } from './offline/outbox-runtime'
import { registerOutboxKinds } from './outbox-kinds'
import { followEditRefusals } from './features/listings/edit-refusals'
import { registerListingOutboxRows } from './features/listings/listing-outbox-rows'
import { RouteError } from './offline/route-error'
import { followSignOutsElsewhere } from './features/shell/end-session'
import './styles.css'

// The features' queued actions, and how the offline bar shows those refused, before the outbox is read.
registerOutboxKinds()
registerListingOutboxRows()
const queryClient = createQueryClient()
document.documentElement.dataset.build = BUILD_ID
// What was saved on this device is in the cache before the first screen asks for it.
await restoreQueryCache(queryClient)
startOutbox(queryClient)
followEditRefusals(queryClient)
followSignOutsElsewhere(queryClient)

const router = createRouter({
  routeTree,
  context: { queryClient },
  // Loaders only start fetches (prefetch), so data and code chunks download in parallel.
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: CenteredSpinner,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
