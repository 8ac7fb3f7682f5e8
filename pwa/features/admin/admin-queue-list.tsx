import type { ReactNode } from 'react';
import { isStatus } from '../../lib/api-client.ts';
import { Pager } from '../../ui/pager.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AccessDenied } from './admin-properties-tab.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const PAGE_SIZE = 20;

type Page = { total: number; pageSize: number };

type Props<T> = {
  /** The page's query: its count, its items and whether it failed. */
  list: { data: Page | undefined; isPending: boolean; isError: boolean; error: unknown };
  items: readonly T[] | undefined;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
  /** "3 reported listings", said as the count changes. */
  count: (total: number) => string;
  loadFailed: string;
  /** The list's accessible name. */
  label: string;
  /** Said when the queue is empty. */
  empty: string;
  page: number;
  onPage: (page: number) => void;
};

/**
 * One page of an admin queue (the Reports tab's listings, conversations and suspended accounts):
 * its count, the items, a line when there are none, and the pages.
 */
export function AdminQueueList<T>({
  list,
  items,
  keyOf,
  children,
  count,
  loadFailed,
  label,
  empty,
  page,
  onPage,
}: Props<T>) {
  const { t } = useT(enAdmin);
  if (isStatus(list.error, 401) || isStatus(list.error, 403)) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? PAGE_SIZE)));
  return (
    <>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? count(list.data.total) : list.isError ? '' : t('admin.loading')}
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <p role="alert">{loadFailed}</p>}
      <ul className="grid gap-3" aria-label={label}>
        {items?.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
      {list.data?.total === 0 && <p className="text-stone-700">{empty}</p>}
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}
