import { useState } from 'react';
import { preload } from 'react-dom';
import { imageRenditionUrl } from '../lib/contract.ts';
import { PLACEHOLDER_IMAGE, photoSrcSet } from '../lib/image-url.ts';

type Props = {
  /** The photo's URL as a listing holds it (its 1200 px WebP), or any other picture's. */
  src: string;
  alt: string;
  /** How wide the picture is drawn, as the `sizes` attribute says it: the browser picks the rendition from it. */
  sizes: string;
  /** Its intrinsic size, so the space is kept before it loads. */
  width: number;
  height: number;
  className: string;
  /** The first screen's picture (the largest paint): loaded at once, and asked for before the scripts. */
  eager?: boolean;
};

/**
 * A stored photo at the width the screen needs (a 360 px phone at DPR 2 takes the 800 px one), as
 * AVIF where the browser takes it and WebP where not. Other pictures are shown as they are; a photo
 * that fails to load leaves a neutral placeholder.
 */
export function Photo({ src, alt, sizes, width, height, className, eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  const avif = failed ? undefined : photoSrcSet(src, 'avif');
  const webp = failed ? undefined : photoSrcSet(src, 'webp');
  // React preloads an eager <img> by itself, but not one inside <picture>: this says it, for AVIF only
  // (a browser without it skips a preload of a type it does not take).
  if (eager && avif)
    preload(imageRenditionUrl(src, 1200, 'avif'), {
      as: 'image',
      imageSrcSet: avif,
      imageSizes: sizes,
      type: 'image/avif',
      fetchPriority: 'high',
    });
  const img = (
    <img
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={webp}
      sizes={webp ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding={eager ? undefined : 'async'}
      onError={() => setFailed(true)}
      className={className}
    />
  );
  if (!avif) return img;
  return (
    // display: contents, so the picture adds no box of its own around the image.
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
}
