import { Photo } from './photo.tsx';
import { t } from '../i18n/i18n.ts';

/** How wide a card's picture is drawn: the whole width on a phone, a column of the grid on wider screens. */
const CARD_SIZES = {
  grid: '(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw',
  list: '(min-width: 640px) 260px, 40vw',
} as const;

/** A list image, 4:3, its space kept before it loads, loaded lazily unless it is on the first screen. */
export function ListImage({
  src,
  alt,
  eager = false,
  layout = 'grid',
}: {
  src: string | null | undefined;
  alt: string;
  eager?: boolean;
  layout?: keyof typeof CARD_SIZES;
}) {
  if (!src) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-200 text-sm text-stone-700">
        {t('common.noImage')}
      </div>
    );
  }
  return (
    <Photo
      src={src}
      alt={alt}
      sizes={CARD_SIZES[layout]}
      width={400}
      height={300}
      eager={eager}
      className="aspect-[4/3] w-full bg-stone-200 object-cover"
    />
  );
}
