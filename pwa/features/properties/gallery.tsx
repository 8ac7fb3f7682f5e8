import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Photo } from '../../ui/photo.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

/** The detail gallery uses the large (1200 px) images; a tap opens the lightbox. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const { t } = useT(enListing);
  if (images.length === 0) {
    return (
      <div className="flex aspect-[16/10] items-center justify-center rounded-xl bg-stone-200 text-stone-700">
        {t('listing.noImage')}
      </div>
    );
  }
  const current = images[index] ?? images[0]!;
  const step = (delta: number) => setIndex((value) => (value + delta + images.length) % images.length);
  return (
    <div className="grid gap-2">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger
          className="block overflow-hidden rounded-xl"
          aria-label={t('listing.openPhoto', { number: index + 1, total: images.length })}
        >
          <GalleryImage
            src={current}
            alt={t('listing.photoAlt', { title, number: index + 1 })}
            className="aspect-[16/10] w-full object-cover"
            eager
          />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4"
            aria-describedby={undefined}
          >
            <Dialog.Title className="sr-only">
              {title}: photo {index + 1} of {images.length}
            </Dialog.Title>
            <GalleryImage
              src={current}
              alt={t('listing.photoAlt', { title, number: index + 1 })}
              className="max-h-[80vh] max-w-full object-contain"
              sizes="100vw"
              eager
            />
            {images.length > 1 && (
              <div className="mt-4 flex items-center gap-4 text-white">
                <button
                  type="button"
                  onClick={() => step(-1)}
                  className="rounded-md bg-white/20 px-4 py-2"
                  aria-label={t('listing.previousPhoto')}
                >
                  ‹ Prev
                </button>
                <span aria-live="polite">
                  {index + 1} / {images.length}
                </span>
                <button
                  type="button"
                  onClick={() => step(1)}
                  className="rounded-md bg-white/20 px-4 py-2"
                  aria-label={t('listing.nextPhoto')}
                >
                  Next ›
                </button>
              </div>
            )}
            <Dialog.Close
              className="absolute right-4 top-4 rounded-md bg-white/20 px-3 py-1 text-2xl text-white"
              aria-label={t('listing.closeViewer')}
            >
              ×
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label={t('listing.photos')}>
          {images.map((image, position) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('listing.showPhoto', { number: position + 1 })}
                aria-current={position === index}
                className={`overflow-hidden rounded-md border-2 ${position === index ? 'border-teal-700' : 'border-transparent'}`}
              >
                <GalleryImage src={image} alt="" className="h-16 w-24 object-cover" small />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The main photo: the whole width on a phone, the gallery's column on a wide screen; thumbnails are 96 px. */
const HERO_SIZES = '(min-width: 1024px) 760px, 100vw';

function GalleryImage({
  src,
  alt,
  className,
  eager = false,
  small = false,
  sizes = small ? '96px' : HERO_SIZES,
}: {
  src: string;
  alt: string;
  className: string;
  eager?: boolean;
  small?: boolean;
  sizes?: string;
}) {
  return (
    <Photo
      src={src}
      alt={alt}
      sizes={sizes}
      width={small ? 96 : 1200}
      height={small ? 64 : 750}
      eager={eager}
      className={`bg-stone-200 ${className}`}
    />
  );
}
