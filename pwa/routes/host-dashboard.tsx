import { createFileRoute } from '@tanstack/react-router'
import { myPropertiesQuery } from '../lib/queries/my-properties.queries'
import { HostDashboard } from '../features/listings/host-dashboard'

export const Route = createFileRoute('/host-dashboard')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPropertiesQuery())
  },
  component: HostDashboard,
})
