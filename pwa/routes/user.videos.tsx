import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/user/videos')({
  component: () => <ComingSoon title="My Videos" />,
})
