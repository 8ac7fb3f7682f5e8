import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

export function ShareButton({ title }: { title: string }) {
  const { t } = useT(enListing);
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast({ title: t('listing.linkCopied'), description: t('listing.linkOnClipboard') });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: t('listing.couldNotShare'), description: url });
    }
  };
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-10 items-center gap-2 rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 12v7a1 1 0 001 1h14a1 1 0 001-1v-7M16 6l-4-4-4 4M12 2v14" />
      </svg>
      {t('listing.share')}
    </button>
  );
}
