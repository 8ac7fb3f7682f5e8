import { contentTypeOfFileName } from './video-format.ts';

/**
 * A player that downloads nothing until someone presses play (`preload="none"`), then streams
 * with Range requests: nobody pays for video they did not ask for. No `type` is given to the
 * browser: Chrome says it cannot play `video/quicktime` yet plays most phones' MOV files; only
 * AVI, which no browser plays, gets a note instead.
 */
export function VideoPlayer({
  src,
  label,
  type,
  fileName,
}: {
  src: string;
  label: string;
  type?: string | undefined;
  fileName?: string;
}) {
  const contentType = type ?? (fileName ? contentTypeOfFileName(fileName) : undefined);
  if (contentType === 'video/x-msvideo') {
    return (
      <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700">
        Browsers cannot play AVI videos. Download it to watch.
      </p>
    );
  }
  return (
    <video
      preload="none"
      controls
      playsInline
      src={src}
      aria-label={label}
      className="aspect-video w-full rounded-lg bg-black"
    />
  );
}
