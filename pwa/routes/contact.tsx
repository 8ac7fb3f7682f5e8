import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/contact')({
  component: () => <ComingSoon title="Contact Us" />,
})
