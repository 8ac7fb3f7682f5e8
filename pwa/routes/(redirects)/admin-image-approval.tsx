import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/(redirects)/admin-image-approval')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/image-approval', replace: true });
  },
});
