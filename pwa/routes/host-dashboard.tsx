import { createFileRoute } from '@tanstack/react-router';
import { myPropertiesQuery } from '../lib/queries/my-properties.queries.ts';
import { HostDashboard } from '../features/listings/host-dashboard.tsx';
import { HostVideosSection } from '../features/videos/host-videos-section.tsx';

export const Route = createFileRoute('/host-dashboard')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPropertiesQuery());
  },
  component: HostDashboardPage,
});

function HostDashboardPage() {
  return <HostDashboard videos={<HostVideosSection />} />;
}
