import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { currentUserQuery } from '../lib/current-user.ts';
import { trackVisit } from '../lib/visitor.ts';
import { Footer } from '../features/shell/footer.tsx';
import { Header } from '../features/shell/header.tsx';
import { NotFoundScreen } from '../features/shell/not-found.tsx';
import { Toaster } from '../ui/toaster.tsx';
import { UpdatePrompt } from '../offline/update-prompt.tsx';
import { useT } from '../i18n/i18n.ts';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(currentUserQuery());
  },
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  // Path and query string (spec part 1), without the hash; every route change is a view.
  const page = useLocation({ select: (location) => `${location.pathname}${location.searchStr}` });
  useEffect(() => trackVisit(page), [page]);
  const { t } = useT();
  // The app is live on the page (a server-drawn page is hydrated): what the end-to-end tests wait for.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('shell.skip')}
      </a>
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
