import { createFileRoute } from '@tanstack/react-router';
import { SearchParamsSchema, toFilters } from '../features/properties/search-params.ts';
import { SearchScreen } from '../features/properties/search-screen.tsx';
import { prefetchFavoritesWhenSignedIn } from '../features/properties/favorites.queries.ts';
import { searchQuery } from '../features/properties/search.queries.ts';

export const Route = createFileRoute('/search')({
  validateSearch: SearchParamsSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.saved) void context.queryClient.prefetchQuery(searchQuery(toFilters(deps)));
    prefetchFavoritesWhenSignedIn(context.queryClient);
  },
  component: SearchPage,
});

function SearchPage() {
  const params = Route.useSearch();
  return <SearchScreen key={params.location ?? ''} params={params} />;
}
