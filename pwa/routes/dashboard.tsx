import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../lib/current-user.ts';
import { RenterDashboard } from '../features/properties/renter-dashboard.tsx';
import { CenteredSpinner } from '../ui/spinner.tsx';

// Owners and agents get the host dashboard; its code loads only for them.
const HostDashboard = lazy(() =>
  import('../features/listings/host-dashboard.tsx').then((module) => ({ default: module.HostDashboard })),
);
const HostVideosSection = lazy(() =>
  import('../features/videos/host-videos-section.tsx').then((module) => ({ default: module.HostVideosSection })),
);

export const Route = createFileRoute('/dashboard')({ component: DashboardPage });

function DashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.status === 'unauthenticated') void navigate({ to: '/' });
  }, [auth.status, navigate]);
  if (auth.status !== 'authenticated') return <CenteredSpinner />;
  if (auth.user.userType === 'renter') return <RenterDashboard user={auth.user} />;
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <HostDashboard
        videos={
          <Suspense fallback={null}>
            <HostVideosSection />
          </Suspense>
        }
      />
    </Suspense>
  );
}
