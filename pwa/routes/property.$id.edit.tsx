import { createFileRoute } from '@tanstack/react-router'
import { propertyQuery } from '../lib/queries/property.queries'
import { EditProperty } from '../features/listings/edit-property-form'

export const Route = createFileRoute('/property/$id/edit')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQuery(params.id))
  },
  component: EditPropertyPage,
})

function EditPropertyPage() {
  return <EditProperty id={Route.useParams().id} />
}
