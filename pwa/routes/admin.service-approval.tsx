import { createFileRoute } from '@tanstack/react-router'
import { AdminServiceApproval } from '../features/admin/admin-service-approval'

export const Route = createFileRoute('/admin/service-approval')({ component: AdminServiceApproval })
