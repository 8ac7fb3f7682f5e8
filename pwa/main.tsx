import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen.ts';
import { CenteredSpinner } from './ui/spinner.tsx';
import { restoreQueryCache, BUILD_ID } from './offline/persist-cache.ts';
import { startOutbox } from './offline/outbox-runtime.ts';
import { registerOutboxKinds } from './outbox-kinds.ts';
import { followEditRefusals } from './features/listings/edit-refusals.ts';
import { registerListingOutboxRows } from './features/listings/listing-outbox-rows.tsx';
import { RouteError } from './offline/route-error.tsx';
import { followSignOutsElsewhere } from './features/shell/end-session.ts';
import './styles.css';

// The features' queued actions, and how the offline bar shows those refused, before the outbox is read.
registerOutboxKinds();
registerListingOutboxRows();
const queryClient = createQueryClient();
document.documentElement.dataset.build = BUILD_ID;
// What was saved on this device is in the cache before the first screen asks for it.
await restoreQueryCache(queryClient);
startOutbox(queryClient);
followEditRefusals(queryClient);
followSignOutsElsewhere(queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient },
  // Loaders only start fetches (prefetch), so data and code chunks download in parallel.
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: CenteredSpinner,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
