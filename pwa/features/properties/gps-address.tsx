import { toast } from '../../ui/toast.ts';

/**
 * A listing's GhanaPost GPS address with a Copy button, for pasting into a maps app. The API sends
 * it only to those who see the owner's contact details, so a visitor's page has none.
 */
export function GpsAddressRow({ code }: { code: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'GPS address copied', description: `${code} is on your clipboard.` });
    } catch {
      toast({ title: 'Could not copy', description: code });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="text-sm text-stone-700">GPS address</span>
      <span className="font-mono text-base font-semibold text-stone-900">{code}</span>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy GPS address ${code}`}
        className="inline-flex min-h-10 items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium hover:bg-stone-100"
      >
        Copy
      </button>
    </div>
  );
}
