import { localeTag, t, tn } from '../i18n/i18n.ts';

/** "★ 4.3 · 3 reviews": a listing's rating from its reviews (ADR 410); nothing before the first. */
export function RatingLine({
  rating,
  count,
  className = 'text-sm text-stone-800',
}: {
  rating: number | null;
  count: number;
  className?: string;
}) {
  if (rating === null || count === 0) return null;
  // One decimal, as the spec shows it: 4.0, not 4.
  const shown = rating.toLocaleString(localeTag(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className={className}>
      <span aria-hidden="true" className="text-amber-700">
        ★{' '}
      </span>
      <span className="sr-only">{t('card.rating', { rating: shown })} · </span>
      <span aria-hidden="true">{shown} · </span>
      {tn('count.review', count)}
    </p>
  );
}
