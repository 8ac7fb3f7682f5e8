import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/terms-of-service')({
  component: () => <ComingSoon title="Terms of Service" />,
})
