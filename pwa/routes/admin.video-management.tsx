import { createFileRoute } from '@tanstack/react-router'
import { ComingSoon } from '../features/shell/coming-soon'

export const Route = createFileRoute('/admin/video-management')({
  component: () => <ComingSoon title="Video Management" />,
})
