import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../lib/format.ts';
import { fetchPendingVideos, PENDING_REFRESH_MS } from './admin-videos.queries.ts';

/** "1 video waiting", "3 videos waiting": the count Video Management's Pending tab shows. */
export const videosWaitingText = (total: number) => `${countOf(total, 'video')} waiting`;

/** How many videos wait in Video Management, for a link to it (one row asked for: the total comes with it). */
export function VideosWaiting() {
  const count = useQuery({
    // Under 'admin': never kept on the device; refreshed with the pending list (invalidated by an edited upload).
    queryKey: ['admin', 'videos', 'waiting'],
    queryFn: ({ signal }) => fetchPendingVideos(1, signal, 1),
    refetchInterval: PENDING_REFRESH_MS,
    retry: false,
  });
  return count.data ? videosWaitingText(count.data.total) : null;
}
