import { useState } from 'react';
import { PLACEHOLDER_IMAGE, smallImageUrl } from '../lib/image-url.ts';

/** A list image: the 400 px rendition, sized to avoid layout shift, loaded lazily. */
export function ListImage({
  src,
  alt,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-200 text-sm text-stone-700">
        No image available
      </div>
    );
  }
  return (
    <img
      src={failed ? PLACEHOLDER_IMAGE : smallImageUrl(src)}
      alt={alt}
      width={400}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
      // The first screen's pictures (the largest paint), in the server's HTML: asked for before the scripts.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full bg-stone-200 object-cover"
    />
  );
}
