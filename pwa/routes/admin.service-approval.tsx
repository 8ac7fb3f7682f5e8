import { createFileRoute } from '@tanstack/react-router';
import { AdminServiceApproval } from '../features/admin/admin-service-approval.tsx';

export const Route = createFileRoute('/admin/service-approval')({ component: AdminServiceApproval });
