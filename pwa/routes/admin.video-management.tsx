import { createFileRoute } from '@tanstack/react-router';
import { AdminVideoManagement } from '../features/videos/admin-video-management.tsx';

export const Route = createFileRoute('/admin/video-management')({ component: AdminVideoManagement });
