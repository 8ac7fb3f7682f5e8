import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../lib/current-user.ts';
import { HOME_FALLBACK, featuredQuery } from '../features/properties/featured.queries.ts';
import { prefetchFavoritesWhenSignedIn } from '../features/properties/favorites.queries.ts';
import { searchQuery } from '../features/properties/search.queries.ts';
import { HomeHero } from '../features/properties/home-hero.tsx';
import { HomeListing } from '../features/properties/home-listing.tsx';
import { CenteredSpinner } from '../ui/spinner.tsx';

export const Route = createFileRoute('/')({
  loader: async ({ context }) => {
    const { queryClient } = context;
    prefetchFavoritesWhenSignedIn(queryClient);
    // The fallback (the first 6 of a search) is for a home with nothing featured. The server asks
    // in-process, so it asks for it only when featured is empty, and sends no unused answer.
    if (import.meta.env.SSR) {
      await queryClient.prefetchQuery(featuredQuery());
      // A failed answer leaves no data: the page is then not drawn (pwa/ssr/render-page.tsx).
      if (queryClient.getQueryData(featuredQuery().queryKey)?.length === 0)
        await queryClient.prefetchQuery(searchQuery(HOME_FALLBACK));
      return;
    }
    // In the browser both start together when featured is not known (a round trip saved when it is
    // empty); a device that knows some are featured (its saved cache) does not ask for the fallback.
    const known = queryClient.getQueryData(featuredQuery().queryKey);
    void queryClient.prefetchQuery(featuredQuery());
    if (known === undefined || known.length === 0) void queryClient.prefetchQuery(searchQuery(HOME_FALLBACK));
  },
  component: HomePage,
});

function HomePage() {
  const auth = useAuth();
  if (auth.status === 'loading') return <CenteredSpinner />;
  return (
    <>
      <HomeHero user={auth.user} />
      <HomeListing />
    </>
  );
}
