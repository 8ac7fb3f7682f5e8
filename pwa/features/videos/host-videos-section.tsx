import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { VideoUploader } from './video-uploader.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

/** The host dashboard's "Property videos": a video not tied to one listing, and the way to My Videos. */
export function HostVideosSection() {
  const titleId = useId();
  const { t } = useT(enVideos);
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <Card className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('videos.propertyVideos')}
          </h2>
          <Link to="/user/videos" className={buttonClass('secondary')}>
            {t('videos.myVideos')}
          </Link>
        </div>
        <p className="text-sm text-stone-700">{t('videos.hostIntro')}</p>
        <VideoUploader />
      </Card>
    </section>
  );
}

/** On the edit page of one of the host's listings: the video is attached to it once published. */
export function ListingVideoSection({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  const { t } = useT(enVideos);
  return (
    <section aria-labelledby={titleId}>
      <Card className="grid gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('videos.videoTour')}
        </h2>
        <p className="text-sm text-stone-700">
          {t('videos.listingIntro')}{' '}
          <Link to="/user/videos" className="font-medium text-teal-800 underline">
            {t('videos.myVideos')}
          </Link>
          .
        </p>
        <VideoUploader propertyId={propertyId} />
      </Card>
    </section>
  );
}
