import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { propertyQuery } from '../lib/queries/property.queries.ts';
import { EditProperty } from '../features/listings/edit-property-form.tsx';
import { ListingVideoSection } from '../features/videos/host-videos-section.tsx';

export const Route = createFileRoute('/property/$id/edit')({
  // `item`: a refused outbox edit the person chose to fix (the form opens with their values).
  validateSearch: v.object({ item: v.fallback(v.optional(v.string()), undefined) }),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQuery(params.id));
  },
  component: EditPropertyPage,
});

function EditPropertyPage() {
  const { id } = Route.useParams();
  return <EditProperty id={id} fromItem={Route.useSearch().item} videos={<ListingVideoSection propertyId={id} />} />;
}
