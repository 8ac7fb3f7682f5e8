import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PendingApproval } from '../features/listings/pending-approval.tsx';

export const Route = createFileRoute('/images-pending-approval')({
  validateSearch: v.object({
    propertyId: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined),
  }),
  component: PendingApprovalPage,
});

function PendingApprovalPage() {
  return <PendingApproval propertyId={Route.useSearch().propertyId} />;
}
