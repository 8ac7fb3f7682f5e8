import type { FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enHome } from '../../i18n/en-home.ts';

/**
 * Location box that opens /search; used by the hero and the dashboard. A plain GET form as well: on
 * a page the server drew it works before the app has loaded (the server draws /search?location=…),
 * and what was typed is read from the form, so nothing typed before the app took over is lost.
 */
export function QuickSearch({ label, initial = '' }: { label?: string; initial?: string }) {
  const navigate = useNavigate();
  const { t } = useT(enHome);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = String(new FormData(event.currentTarget).get('location') ?? '').trim();
    void navigate({ to: '/search', search: trimmed ? { location: trimmed } : {} });
  };
  return (
    <form
      role="search"
      action="/search"
      method="get"
      onSubmit={submit}
      className="flex w-full flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="quick-search-location" className="sr-only">
        {label ?? t('quickSearch.label')}
      </label>
      <input
        id="quick-search-location"
        type="search"
        name="location"
        defaultValue={initial}
        placeholder={t('quickSearch.placeholder')}
        className="min-h-12 flex-1 rounded-md border border-stone-300 bg-white px-4 text-base text-stone-900 placeholder:text-stone-500"
      />
      <button type="submit" className={buttonClass('primary', 'min-h-12 px-6')}>
        {t('search.submit')}
      </button>
    </form>
  );
}
