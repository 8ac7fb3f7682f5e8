import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { VideoUploader } from './video-uploader.tsx';

/** The host dashboard's "Property videos": a video not tied to one listing, and the way to My Videos. */
export function HostVideosSection() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-8">
      <Card className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Property videos
          </h2>
          <Link to="/user/videos" className={buttonClass('secondary')}>
            My Videos
          </Link>
        </div>
        <p className="text-sm text-stone-700">
          Film a walk-through of your home. We check it for viruses, our team edits it, and the finished video waits for
          you under My Videos. To show a video tour on one listing, upload it from that listing's Edit Property page.
        </p>
        <VideoUploader />
      </Card>
    </section>
  );
}

/** On the edit page of one of the host's listings: the video is attached to it once published. */
export function ListingVideoSection({ propertyId }: { propertyId: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card className="grid gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Video tour
        </h2>
        <p className="text-sm text-stone-700">
          Upload a walk-through of this property. Once it has been checked and prepared by our team, it shows on the
          listing's page and under{' '}
          <Link to="/user/videos" className="font-medium text-teal-800 underline">
            My Videos
          </Link>
          .
        </p>
        <VideoUploader propertyId={propertyId} />
      </Card>
    </section>
  );
}
