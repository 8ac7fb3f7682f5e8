import { Link } from '@tanstack/react-router';
import { isStatus } from '../../lib/api-client.ts';
import { rememberAfterSignIn } from '../../lib/after-sign-in.ts';
import { useAuth } from '../../lib/current-user.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { DownloadLink } from './download-link.tsx';
import { myDownloadUrl, useMyVideos } from './my-videos.queries.ts';
import { formatDateTime, formatMegabytes } from './video-format.ts';
import { VideoPlayer } from './video-player.tsx';
import { savedVideoName, type ApprovedVideo } from './videos-contract.ts';

/** /user/videos: login required; the person's ready (approved) videos, to watch or download (spec part 2 §2). */
export function MyVideos() {
  const auth = useAuth();
  const videos = useMyVideos(auth.status === 'authenticated');
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated' || isStatus(videos.error, 401)) return <SignInRequired />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle sub="Videos our team has checked and prepared for you, ready to download and share.">
        My Videos
      </PageTitle>
      {videos.isPending && <CenteredSpinner />}
      {videos.isError && <p role="alert">Your videos could not be loaded. Please try again.</p>}
      {videos.data && videos.data.videos.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-semibold">No videos ready yet</h2>
          <p className="mt-1 text-stone-700">
            Upload a walk-through from your host dashboard or a listing's edit page. Once it is checked and prepared, it
            appears here.
          </p>
          <Link to="/host-dashboard" className={buttonClass('primary', 'mt-4')}>
            Go to Host Dashboard
          </Link>
        </Card>
      )}
      <ul className="grid gap-4">
        {videos.data?.videos.map((video) => (
          <li key={video.videoId}>
            <ReadyVideo video={video} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReadyVideo({ video }: { video: ApprovedVideo }) {
  // Named as the host named it (tour.mp4); the id-based fileName is only the URL's.
  const name = video.originalName;
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words font-semibold">{name}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-stone-600">Approved</dt>
            <dd>{formatDateTime(video.approvedAt)}</dd>
            <dt className="text-stone-600">Size</dt>
            <dd>{formatMegabytes(video.fileSize)}</dd>
          </dl>
        </div>
        <DownloadLink
          href={myDownloadUrl(video)}
          fileName={savedVideoName(name, video.fileName)}
          describes={name}
          variant="primary"
        />
      </div>
      <VideoPlayer src={video.streamUrl} fileName={video.fileName} label={`Play ${name}`} />
    </Card>
  );
}

function SignInRequired() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="text-center">
        <h1 className="text-xl font-bold">Sign in to see your videos</h1>
        <p className="mt-2 text-stone-700">
          My Videos lists the videos our team has prepared for you. Sign in to watch and download them.
        </p>
        <div className="mt-4 flex justify-center gap-2">
          <Link to="/login" onClick={() => rememberAfterSignIn('user-videos')} className={buttonClass('primary')}>
            Sign In
          </Link>
          <Link to="/register" onClick={() => rememberAfterSignIn('user-videos')} className={buttonClass('secondary')}>
            Sign Up
          </Link>
        </div>
      </Card>
    </div>
  );
}
