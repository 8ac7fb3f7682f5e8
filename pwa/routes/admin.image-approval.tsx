import { createFileRoute } from '@tanstack/react-router';
import { AdminPanel } from '../features/admin/admin-panel.tsx';
import { VideosWaiting } from '../features/videos/videos-waiting.tsx';

export const Route = createFileRoute('/admin/image-approval')({ component: AdminPanelPage });

function AdminPanelPage() {
  return <AdminPanel videosWaiting={<VideosWaiting />} />;
}
