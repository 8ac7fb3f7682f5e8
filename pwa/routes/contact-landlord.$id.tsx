import { createFileRoute } from '@tanstack/react-router';
import { propertyQuery } from '../lib/queries/property.queries.ts';
import { ContactLandlord } from '../features/listings/contact-landlord.tsx';

export const Route = createFileRoute('/contact-landlord/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQuery(params.id));
  },
  component: ContactLandlordPage,
});

function ContactLandlordPage() {
  return <ContactLandlord id={Route.useParams().id} />;
}
