import { t } from '../i18n/i18n.ts';
export function Spinner({ label = t('common.loading'), className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-stone-200 border-t-teal-700"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function CenteredSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
