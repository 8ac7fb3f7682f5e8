import { createFileRoute } from '@tanstack/react-router'
import { AdminPanel } from '../features/admin/admin-panel'

export const Route = createFileRoute('/admin/image-approval')({ component: AdminPanel })
