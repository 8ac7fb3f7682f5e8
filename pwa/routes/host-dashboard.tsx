import { createFileRoute } from '@tanstack/react-router'
import { myPropertiesQuery } from '../lib/queries/my-properties.queries'
import { HostDashboard } from '../features/listings/host-dashboard'
import { HostVideosSection } from '../features/videos/host-videos-section'

export const Route = createFileRoute('/host-dashboard')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPropertiesQuery())
  },
  component: HostDashboardPage,
})

function HostDashboardPage() {
  return <HostDashboard videos={<HostVideosSection />} />
}
