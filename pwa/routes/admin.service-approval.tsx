import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/admin/service-approval')({
  component: () => <ComingSoon title="Service Provider Approval" />,
})
