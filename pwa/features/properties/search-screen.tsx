import { useRef, useState, type FormEvent, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Property } from '../../lib/contract.ts';
import { formatNumber } from '../../lib/format.ts';
import { useAuth } from '../../lib/current-user.ts';
import { isNoAnswer } from '../../offline/no-answer.ts';
import { useOnline } from '../../offline/use-outbox.ts';
import { buttonClass } from '../../ui/button.tsx';
import { deferred } from '../../ui/deferred.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { useFavorites } from './favorites.queries.ts';
import { LazyFilterPanel } from './filter-panel-lazy.tsx';
import { Pagination } from './pagination.tsx';
import { PropertyCard } from './property-card.tsx';
import { describeSearch, savedSearches, searchParamsOf } from './saved-searches.ts';
import { PAGE_SIZE, useSearch } from './search.queries.ts';
import { activeFilterCount, toFilters, type SearchParams } from './search-params.ts';
import { t, tn, useT } from '../../i18n/i18n.ts';
import { enSearch } from '../../i18n/en-search.ts';

// Under the results: its code loads when the button is first used (ui/deferred.tsx), outside the
// search page's first download.
const SaveSearchButton = deferred<{ params: SearchParams }>(() =>
  import('./search-alerts/save-search-button.tsx').then((module) => module.SaveSearchButton),
);

export function SearchScreen({ params }: { params: SearchParams }) {
  const navigate = useNavigate({ from: '/search' });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { t } = useT(enSearch);
  const view = params.view === 'list' ? 'list' : 'grid';
  const update = (patch: Partial<SearchParams>, resetPage = true) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch, ...(resetPage ? { page: undefined } : {}) }) });
  const badge = activeFilterCount(params);
  const results = useRef<HTMLHeadingElement>(null);
  // On a phone the open panel fills the screen: this closes it and brings the results into view.
  const showResults = () => {
    flushSync(() => setFiltersOpen(false));
    results.current?.scrollIntoView({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <SearchBar initial={params.location ?? ''} onSearch={(location) => update({ location: location || undefined })} />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-expanded={filtersOpen}
          aria-controls="filter-panel"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {t('search.filters')}
          {badge > 0 && (
            <span className="rounded-full bg-teal-700 px-2 text-xs text-white">
              <span aria-hidden="true">{badge}</span>
              <span className="sr-only">{t('search.activeFilters', { count: badge })}</span>
            </span>
          )}
        </button>
        <div
          role="group"
          aria-label={t('search.view')}
          className="ml-auto inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {(['grid', 'list'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={view === mode}
              onClick={() => update({ view: mode === 'grid' ? undefined : 'list' }, false)}
              className={`min-h-9 rounded px-3 text-sm ${view === mode ? 'bg-teal-700 text-white' : ''}`}
            >
              {mode === 'grid' ? t('search.grid') : t('search.list')}
            </button>
          ))}
        </div>
      </div>
      {filtersOpen && (
        <div className="mt-4">
          <LazyFilterPanel params={params} onChange={(patch) => update(patch)} />
          {!params.saved && <ShowResultsButton params={params} onClick={showResults} />}
        </div>
      )}
      {params.saved ? (
        <SavedResults view={view} headingRef={results} />
      ) : (
        <>
          <SearchResults params={params} view={view} headingRef={results} onPage={(page) => update({ page }, false)} />
          <div className="mt-8 border-t border-stone-200 pt-6">
            <SaveSearchButton
              params={params}
              placeholder={(activate, preload) => (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={activate}
                  onPointerEnter={preload}
                  onFocus={preload}
                  onTouchStart={preload}
                >
                  {t('search.alertMe')}
                </button>
              )}
            />
          </div>
        </>
      )}
    </div>
  );
}

function SearchBar({ initial, onSearch }: { initial: string; onSearch: (location: string) => void }) {
  const [location, setLocation] = useState(initial);
  const { t } = useT(enSearch);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(location.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor="search-location" className="sr-only">
        {t('search.location')}
      </label>
      <input
        id="search-location"
        type="search"
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        placeholder={t('search.placeholder')}
        className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 text-base"
      />
      <button type="submit" className={buttonClass('primary')}>
        {t('search.submit')}
      </button>
    </form>
  );
}

type HeadingRef = { headingRef: Ref<HTMLHeadingElement> };

/** "1 property", "25 properties", or "1,000+ properties" when the search counted no further. */
const propertiesText = (total: number, totalIsExact = true) =>
  totalIsExact ? tn('search.properties', total) : t('search.propertiesAtLeast', { count: formatNumber(total) });

/** Under the open filters: what the filters find, and a way back to it (the panel is taller than a phone). */
function ShowResultsButton({ params, onClick }: { params: SearchParams; onClick: () => void }) {
  const result = useSearch(toFilters(params));
  const { t } = useT(enSearch);
  const label =
    result.data && !result.isPlaceholderData
      ? t('search.show', { properties: propertiesText(result.data.total, result.data.totalIsExact) })
      : t('search.showResults');
  return (
    <button type="button" className={buttonClass('primary', 'mt-3 w-full')} onClick={onClick}>
      {label}
    </button>
  );
}

function SearchResults({
  params,
  view,
  onPage,
  headingRef,
}: HeadingRef & { params: SearchParams; view: 'grid' | 'list'; onPage: (page: number) => void }) {
  const result = useSearch(toFilters(params));
  const online = useOnline();
  const { t } = useT(enSearch);
  const heading = params.location ? t('search.headingIn', { location: params.location }) : t('search.headingAll');
  const total = result.data?.total ?? 0;
  const totalIsExact = result.data?.totalIsExact ?? true;
  // No answer (offline): nothing is claimed about the listings, no count and no "failed". With
  // nothing shown yet the search needs a connection; results on screen stay as they are.
  const noAnswer = result.isError && (!online || isNoAnswer(result.error));
  const unreachable = noAnswer && !result.data;
  return (
    <section aria-labelledby="results-heading" className="mt-6">
      <h1
        id="results-heading"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-20 text-2xl font-bold focus:outline-none"
      >
        {heading}
      </h1>
      <p className="mt-1 text-stone-700" aria-live="polite">
        {result.isPending
          ? t('search.searching')
          : result.data
            ? totalIsExact
              ? tn('search.foundCount', total)
              : t('search.foundAtLeast', { count: formatNumber(total) })
            : ''}
      </p>
      {result.isPending && (
        // As tall as the screen: what comes below (the pager, the footer) starts below the fold and
        // stays there when the results arrive, instead of jumping down under the reader's eyes.
        <div className="flex min-h-dvh items-start justify-center py-10">
          <Spinner label={t('search.loadingResults')} />
        </div>
      )}
      {unreachable && <NeedsConnection onRetry={() => void result.refetch()} />}
      {result.isError && !noAnswer && <p className="mt-6">{t('search.failed')}</p>}
      {result.data && result.data.properties.length === 0 && (
        <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
          <p className="font-semibold">{t('search.noMatch')}</p>
          <p className="text-stone-700">{t('search.tryAnother')}</p>
        </div>
      )}
      {result.data && <Results properties={result.data.properties} view={view} />}
      <Pagination
        page={params.page ?? 1}
        total={total}
        totalIsExact={totalIsExact}
        pageSize={PAGE_SIZE}
        onPage={onPage}
      />
    </section>
  );
}

/**
 * Offline, a search never made on this device: it needs a connection, and the searches this
 * device has saved are offered instead.
 */
function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  const saved = savedSearches(useQueryClient());
  const { t } = useT(enSearch);
  return (
    <div role="status" className="mt-6 rounded-xl border border-stone-300 bg-white p-5">
      <h2 className="text-lg font-semibold">{t('search.needsConnection')}</h2>
      <p className="mt-1 text-stone-700">{t('search.offlineText')}</p>
      {saved.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">{t('search.savedOnDevice')}</h3>
          <ul className="mt-2 grid gap-2">
            {saved.map((search) => (
              <li key={JSON.stringify(search.filters)}>
                <Link
                  to="/search"
                  search={searchParamsOf(search.filters)}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 rounded-md border border-stone-300 px-3 py-2 hover:bg-stone-100"
                >
                  <span className="font-medium text-teal-800 underline underline-offset-2">
                    {describeSearch(search.filters)}
                  </span>
                  <span className="text-sm text-stone-700">{propertiesText(search.total, search.totalIsExact)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-stone-700">{t('search.noneSaved')}</p>
      )}
      <button type="button" className={buttonClass('secondary', 'mt-4')} onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

function SavedResults({ view, headingRef }: HeadingRef & { view: 'grid' | 'list' }) {
  const auth = useAuth();
  const favorites = useFavorites(auth.status === 'authenticated');
  const { t, tn } = useT(enSearch);
  return (
    <section aria-labelledby="results-heading" className="mt-6">
      <h1
        id="results-heading"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-20 text-2xl font-bold focus:outline-none"
      >
        {t('search.savedHeading')}
      </h1>
      {auth.status === 'unauthenticated' && (
        <p className="mt-2">
          <Link to="/login" className="font-semibold text-teal-800 underline">
            {t('search.signIn')}
          </Link>{' '}
          {t('search.toSeeSaved')}
        </p>
      )}
      {favorites.data && <p className="mt-1 text-stone-700">{tn('search.savedCount', favorites.data.length)}</p>}
      {(auth.status === 'loading' || (auth.status === 'authenticated' && favorites.isPending)) && (
        <div className="flex justify-center py-10">
          <Spinner label={t('search.loadingSaved')} />
        </div>
      )}
      {favorites.data && favorites.data.length === 0 && (
        <p className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
          {t('search.noSaved')}
        </p>
      )}
      {favorites.data && <Results properties={favorites.data} view={view} />}
    </section>
  );
}

function Results({ properties, view }: { properties: Property[]; view: 'grid' | 'list' }) {
  if (properties.length === 0) return null;
  return (
    <ul className={`mt-6 grid gap-6 ${view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : ''}`}>
      {properties.map((property, index) => (
        <li key={property.id}>
          <PropertyCard
            property={property}
            layout={view}
            eager={index < 2}
            action={<FavoriteButton property={property} place="card" />}
          />
        </li>
      ))}
    </ul>
  );
}
