const LARGE_SUFFIX = /-1200\.webp$/;

/** The 400 px rendition of a stored image; any other URL is returned unchanged. */
export function smallImageUrl(url: string): string {
  return LARGE_SUFFIX.test(url) ? url.replace(LARGE_SUFFIX, '-400.webp') : url;
}

/** A neutral placeholder shown when an image fails to load (no network request needed). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e7e5e4"/><path d="M140 190l40-50 30 35 20-20 40 35z" fill="#a8a29e"/><circle cx="250" cy="120" r="16" fill="#a8a29e"/></svg>',
  );
