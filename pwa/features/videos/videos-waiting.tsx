import { useQuery } from '@tanstack/react-query';
import { fetchPendingVideos, PENDING_REFRESH_MS } from './admin-videos.queries.ts';
import { tn } from '../../i18n/i18n.ts';
import '../../i18n/en-videos.ts';

/** "1 video waiting", "3 videos waiting": the count Video Management's Pending tab shows. */
export const videosWaitingText = (total: number) => tn('videos.waiting', total);

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
