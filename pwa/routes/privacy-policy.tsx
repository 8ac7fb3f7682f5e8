import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/privacy-policy')({
  component: () => <ComingSoon title="Privacy Policy" />,
})
