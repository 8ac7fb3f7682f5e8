import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { CenteredSpinner } from './ui/spinner.tsx';
import { RouteError } from './offline/route-error.tsx';

/**
 * The app's router, the same in the browser and in the server's first paint (pwa/ssr/render-page.tsx),
 * which gives the page's `history`. There it writes no inline scroll-restoring script: the
 * Content-Security-Policy would refuse it (no nonce reaches a page the service worker caches),
 * and a page arriving from the server starts at the top anyway.
 */
export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(server ? { history: server.history } : {}),
    // Loaders only start fetches (prefetch), so data and code chunks download in parallel.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: CenteredSpinner,
    defaultErrorComponent: RouteError,
    scrollRestoration: server ? () => false : true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Loads the page at the router's location, its data started and its split screens in: drawn now,
 * nothing suspends, so the server's HTML is whole and the browser's first render is the same.
 */
export async function loadPage(router: AppRouter): Promise<void> {
  await router.load();
  await Promise.all(
    router.state.matches.map((match) => {
      const component: unknown = router.routesById[match.routeId].options.component;
      return (component as { preload?: () => Promise<void> } | undefined)?.preload?.();
    }),
  );
}

/**
 * Before hydrating a page the server drew: the router renders the same tree as on the server (no
 * Suspense boundary around the root), as TanStack Router's own hydration sets it up.
 */
export function hydratingRouter(router: AppRouter): AppRouter {
  router.ssr = { manifest: undefined };
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/** The whole app: what the browser renders or hydrates, and what the server renders first. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
