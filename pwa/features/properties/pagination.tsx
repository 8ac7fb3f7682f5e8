import { t, useT } from '../../i18n/i18n.ts';
/** `totalIsExact` false: at least `total` + 1 match, counted no further (GET /api/properties/search). */
type Props = { page: number; total: number; totalIsExact?: boolean; pageSize: number; onPage: (page: number) => void };

/** The page numbers to show: the first, the last, and `around` on each side of the current page. */
function shownPages(page: number, pages: number, around: number): number[] {
  return Array.from({ length: pages }, (_, index) => index + 1).filter(
    (item) => item === 1 || item === pages || Math.abs(item - page) <= around,
  );
}

// Each state has its own colours: a button's classes never hold two backgrounds (which one
// wins depends on the stylesheet's order, not the class list's; issue 28 had white on white).
const BASE =
  'inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center whitespace-nowrap rounded-md border px-3 text-sm';
const IDLE = `${BASE} border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:opacity-50`;
const CURRENT = `${BASE} border-teal-700 bg-teal-700 font-semibold text-white`;

/**
 * Previous, page numbers, Next, on one line. A phone shows the first, current and last page
 * and wider screens add the current page's neighbours, so that nothing wraps at 360 px.
 */
export function Pagination({ page, total, totalIsExact = true, pageSize, onPage }: Props) {
  const { t } = useT();
  const pages = Math.ceil(total / pageSize);
  if (totalIsExact && total <= pageSize) return null;
  // Past a capped total the last page is not known: the numbers stop beside the current page, and
  // Next stays on (the server counts one past each page it answers, so the next one has listings).
  const last = (around: number) => (totalIsExact ? pages : page + around);
  return (
    <nav aria-label={t('pager.label')} className="mt-8 flex flex-nowrap items-center justify-center gap-2">
      <button type="button" className={IDLE} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <PageNumbers shown={shownPages(page, last(0), 0)} page={page} onPage={onPage} className="flex sm:hidden" />
      <PageNumbers shown={shownPages(page, last(1), 1)} page={page} onPage={onPage} className="hidden sm:flex" />
      <button type="button" className={IDLE} disabled={totalIsExact && page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}

function PageNumbers({
  shown,
  page,
  onPage,
  className,
}: {
  shown: number[];
  page: number;
  onPage: (page: number) => void;
  className: string;
}) {
  return (
    <span className={`${className} items-center gap-1`}>
      {shown.map((item, index) => (
        <span key={item} className="contents">
          {index > 0 && item - shown[index - 1]! > 1 && (
            <span aria-hidden="true" className="w-4 text-center">
              …
            </span>
          )}
          <button
            type="button"
            className={item === page ? CURRENT : IDLE}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pager.page', { page: item })}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        </span>
      ))}
    </span>
  );
}
