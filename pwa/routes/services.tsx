import { createFileRoute } from '@tanstack/react-router';
import { cachedUserId } from '../lib/current-user.ts';
import { directoryFilterOf, ServicesSearchSchema } from '../features/services/services-search.ts';
import { directoryQuery } from '../features/services/services.queries.ts';
import { ServicesScreen } from '../features/services/services-screen.tsx';

export const Route = createFileRoute('/services')({
  validateSearch: ServicesSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    // The directory answers signed-in people only: no request for a visitor.
    if (deps.view === 'directory' && cachedUserId(context.queryClient))
      void context.queryClient.prefetchQuery(directoryQuery(directoryFilterOf(deps)));
  },
  component: ServicesPage,
});

function ServicesPage() {
  return <ServicesScreen search={Route.useSearch()} />;
}
