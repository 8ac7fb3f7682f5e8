import { IMAGE_URL_PATTERN, IMAGE_WIDTHS, type ImageFormat, imageRenditionUrl } from './contract.ts';

export { smallImageUrl } from './contract.ts';

/**
 * A stored photo's renditions in one format as a `srcset` (400w, 800w, 1200w): the browser takes
 * the smallest that is sharp on its screen. Undefined for any URL that is not a stored photo.
 */
export function photoSrcSet(url: string, format: ImageFormat): string | undefined {
  if (!IMAGE_URL_PATTERN.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageRenditionUrl(url, width, format)} ${width}w`).join(', ');
}

/** A neutral placeholder shown when an image fails to load (no network request needed). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e7e5e4"/><path d="M140 190l40-50 30 35 20-20 40 35z" fill="#a8a29e"/><circle cx="250" cy="120" r="16" fill="#a8a29e"/></svg>',
  );
