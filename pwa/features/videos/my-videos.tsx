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
import { t, useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

/** /user/videos: login required; the person's ready (approved) videos, to watch or download (spec part 2 §2). */
export function MyVideos() {
  const auth = useAuth();
  const videos = useMyVideos(auth.status === 'authenticated');
  useT(enVideos);
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated' || isStatus(videos.error, 401)) return <SignInRequired />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle sub={t('videos.mySub')}>{t('videos.myVideos')}</PageTitle>
      {videos.isPending && <CenteredSpinner />}
      {videos.isError && <p role="alert">{t('videos.loadFailed')}</p>}
      {videos.data && videos.data.videos.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-semibold">{t('videos.noneReady')}</h2>
          <p className="mt-1 text-stone-700">{t('videos.noneText')}</p>
          <Link to="/host-dashboard" className={buttonClass('primary', 'mt-4')}>
            {t('videos.goHost')}
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
            <dt className="text-stone-600">{t('videos.approved')}</dt>
            <dd>{formatDateTime(video.approvedAt)}</dd>
            <dt className="text-stone-600">{t('videos.size')}</dt>
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
      <VideoPlayer src={video.streamUrl} fileName={video.fileName} label={t('videos.play', { name })} />
    </Card>
  );
}

function SignInRequired() {
  useT(enVideos);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="text-center">
        <h1 className="text-xl font-bold">{t('videos.signInTitle')}</h1>
        <p className="mt-2 text-stone-700">{t('videos.signInText')}</p>
        <div className="mt-4 flex justify-center gap-2">
          <Link to="/login" onClick={() => rememberAfterSignIn('user-videos')} className={buttonClass('primary')}>
            {t('videos.signIn')}
          </Link>
          <Link to="/register" onClick={() => rememberAfterSignIn('user-videos')} className={buttonClass('secondary')}>
            {t('videos.signUp')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
