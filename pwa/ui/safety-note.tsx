import { useT } from '../i18n/i18n.ts';
import { enListing } from '../i18n/en-listing.ts';
/**
 * The short safety reminder on a listing and on its contact page (issue 33, docs/decisions/340):
 * fake listings that collect a viewing fee or a deposit and vanish are the market's commonest harm.
 */
export function SafetyNote({ className = '' }: { className?: string }) {
  const { t } = useT(enListing);
  return (
    <p
      role="note"
      className={`flex gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M8 0 1.5 2.5v5C1.5 11.6 4.3 15 8 16c3.7-1 6.5-4.4 6.5-8.5v-5L8 0Zm0 4a.9.9 0 0 1 .9.9v3.5a.9.9 0 0 1-1.8 0V4.9A.9.9 0 0 1 8 4Zm0 6.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
      </svg>
      <span>
        <strong className="font-semibold">{t('listing.safetyTitle')}</strong> {t('listing.safetyText')}
      </span>
    </p>
  );
}
