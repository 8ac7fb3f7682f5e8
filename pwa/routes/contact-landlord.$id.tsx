import { createFileRoute } from '@tanstack/react-router'
import { propertyQuery } from '../lib/queries/property.queries'
import { ContactLandlord } from '../features/listings/contact-landlord'

export const Route = createFileRoute('/contact-landlord/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQuery(params.id))
  },
  component: ContactLandlordPage,
})

function ContactLandlordPage() {
  return <ContactLandlord id={Route.useParams().id} />
}
