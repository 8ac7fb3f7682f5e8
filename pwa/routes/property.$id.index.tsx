import { createFileRoute } from '@tanstack/react-router';
import { propertyQuery } from '../lib/queries/property.queries.ts';
import { LazyMessageHost } from '../features/conversations/message-host-lazy.tsx';
import { PropertyDetail } from '../features/properties/property-detail.tsx';

export const Route = createFileRoute('/property/$id/')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQuery(params.id));
  },
  component: PropertyPage,
});

function PropertyPage() {
  const { id } = Route.useParams();
  return <PropertyDetail id={id} messageHost={(property) => <LazyMessageHost property={property} />} />;
}
