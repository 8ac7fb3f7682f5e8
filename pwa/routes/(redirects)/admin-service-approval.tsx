import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/(redirects)/admin-service-approval')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/service-approval', replace: true });
  },
});
