import { createFileRoute } from '@tanstack/react-router';
import { useAuth } from '../lib/current-user.ts';
import { HOME_FALLBACK, featuredQuery } from '../features/properties/featured.queries.ts';
import { prefetchFavoritesWhenSignedIn } from '../features/properties/favorites.queries.ts';
import { searchQuery } from '../features/properties/search.queries.ts';
import { HomeHero } from '../features/properties/home-hero.tsx';
import { HomeListing } from '../features/properties/home-listing.tsx';
import { CenteredSpinner } from '../ui/spinner.tsx';

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(featuredQuery());
    void context.queryClient.prefetchQuery(searchQuery(HOME_FALLBACK));
    prefetchFavoritesWhenSignedIn(context.queryClient);
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
