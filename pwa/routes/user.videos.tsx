import { createFileRoute } from '@tanstack/react-router';
import { MyVideos } from '../features/videos/my-videos.tsx';

export const Route = createFileRoute('/user/videos')({ component: MyVideos });
