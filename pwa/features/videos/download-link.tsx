import { useState, type MouseEvent } from 'react';
import { buttonClass } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.ts';
import { serverErrorText } from './upload-failure.ts';
import { useT } from '../../i18n/i18n.ts';
import { enVideos } from '../../i18n/en-videos.ts';

export const DOWNLOAD_FAILED = 'Failed to download video';

/**
 * A plain `<a href download>`: the browser streams the file to disk, so a 100 MB video is
 * never held in the page's memory. A click first asks for the file and drops the answer as
 * soon as its status is known, so a refusal (409 not clean, 404, signed out) is told with the
 * spec's messages instead of ending as a broken download; then the link is followed for real.
 */
export function DownloadLink({
  href,
  fileName,
  label,
  describes,
  variant = 'secondary',
}: {
  href: string;
  fileName: string;
  label?: string;
  /** What is downloaded, for screen readers ("Download walkthrough.mp4"): every row's link is not just "Download". */
  describes: string;
  variant?: 'primary' | 'secondary';
}) {
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const { t } = useT(enVideos);
  const shown = label ?? t('videos.download');

  const click = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window, or a save-as: the browser's own way.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setFailed(false);
    const controller = new AbortController();
    try {
      const response = await fetch(href, { credentials: 'include', signal: controller.signal });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new Error(serverErrorText(text) ?? t('videos.serverAnswered', { status: response.status }));
      }
      controller.abort();
      const anchor = document.createElement('a');
      anchor.href = href;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch (error) {
      setFailed(true);
      const description =
        error instanceof TypeError ? t('videos.checkConnection') : error instanceof Error ? error.message : undefined;
      toast({ title: t('videos.downloadFailed'), ...(description ? { description } : {}), variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <span className="inline-grid gap-1">
      <a
        href={href}
        download={fileName}
        onClick={(event) => void click(event)}
        aria-label={t('videos.downloadOf', { label: shown, name: describes })}
        aria-busy={checking || undefined}
        className={buttonClass(variant)}
      >
        {checking ? t('videos.preparing') : shown}
      </a>
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          {t('videos.downloadVideoFailed')}
        </span>
      )}
    </span>
  );
}
