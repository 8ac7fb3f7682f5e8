import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { myPropertiesQuery } from '../lib/queries/my-properties.queries.ts';
import { HostDashboard } from '../features/listings/host-dashboard.tsx';
import { HostVideosSection } from '../features/videos/host-videos-section.tsx';

/** `?confirm={id}`: a reminder's link asks whether that listing is still available (ADR 400). */
const HostDashboardSearch = v.object({ confirm: v.optional(v.pipe(v.string(), v.maxLength(100))) });

export const Route = createFileRoute('/host-dashboard')({
  validateSearch: (search) => (v.is(HostDashboardSearch, search) ? search : {}),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPropertiesQuery());
  },
  component: HostDashboardPage,
});

function HostDashboardPage() {
  const { confirm } = Route.useSearch();
  return <HostDashboard videos={<HostVideosSection />} confirm={confirm} />;
}
