import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { ListingVideosAnswer } from '../../lib/contract.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

// Not a `.queries.ts` file on purpose: those of this feature join the first-load bundle
// (vite.config.ts), and only the listing page asks for its videos.

// GET /api/properties/{id}/videos: the published videos attached to the listing (anyone who may see it).
export const listingVideosQuery = (id: string) =>
  queryOptions({
    queryKey: ['properties', 'videos', id],
    queryFn: ({ signal }) => apiGet<ListingVideosAnswer>(`/api/properties/${encodeURIComponent(id)}/videos`, signal),
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

/**
 * The listing's video tour, when it has one. Nothing waits for it: the page shows without it
 * and the section appears if videos come back. `preload="none"`: no byte of video is fetched
 * until the viewer presses play, then it streams with Range requests.
 */
export function VideoTour({ id, title }: { id: string; title: string }) {
  const videos = useQuery(listingVideosQuery(id));
  const { t } = useT(enListing);
  // AVI plays in no browser: such a video is left out rather than shown broken.
  const playable = (videos.data?.videos ?? []).filter((video) => video.contentType !== 'video/x-msvideo');
  if (playable.length === 0) return null;
  return (
    <section>
      <h2 className="mb-2 text-xl font-semibold">{t('listing.videoTour')}</h2>
      <div className="grid gap-3">
        {playable.map((video, index) => (
          <video
            key={video.videoId}
            preload="none"
            controls
            playsInline
            src={video.streamUrl}
            aria-label={
              playable.length > 1
                ? t('listing.videoTourPart', { title, number: index + 1 })
                : t('listing.videoTourOf', { title })
            }
            className="aspect-video w-full rounded-xl bg-black"
          />
        ))}
      </div>
    </section>
  );
}
