import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

/**
 * A listing's GhanaPost GPS address with a Copy button, for pasting into a maps app. The API sends
 * it only to those who see the owner's contact details, so a visitor's page has none.
 */
export function GpsAddressRow({ code }: { code: string }) {
  const { t } = useT(enListing);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: t('listing.gpsCopied'), description: t('listing.gpsOnClipboard', { code }) });
    } catch {
      toast({ title: t('listing.gpsCouldNotCopy'), description: code });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm text-stone-700">{t('listing.gpsLabel')}</span>
      <span className="font-mono text-base font-semibold text-stone-900">{code}</span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t('listing.gpsCopyLabel', { code })}
        className="inline-flex min-h-10 items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium hover:bg-stone-100"
      >
        {t('listing.gpsCopy')}
      </button>
    </div>
  );
}
