import { Suspense, lazy } from 'react';
import { Spinner } from '../../ui/spinner.tsx';
import type { SearchParams } from './search-params.ts';
import { t } from '../../i18n/i18n.ts';
import '../../i18n/en-search.ts';

// The panel (and its Radix selects) loads only when someone opens the filters.
const FilterPanel = lazy(() => import('./filter-panel.tsx').then((module) => ({ default: module.FilterPanel })));

export function LazyFilterPanel(props: { params: SearchParams; onChange: (patch: Partial<SearchParams>) => void }) {
  return (
    <Suspense
      fallback={
        <div id="filter-panel" className="flex justify-center p-4">
          <Spinner label={t('search.loadingFilters')} />
        </div>
      }
    >
      <FilterPanel {...props} />
    </Suspense>
  );
}
