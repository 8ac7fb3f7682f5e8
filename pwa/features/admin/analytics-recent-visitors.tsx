import { useId } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Badge, Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RECENT_VISITORS_LIMIT, type VisitorRecord } from './analytics-contract.ts';
import { count, place, visitTime } from './analytics-format.ts';
import { useRecentVisitors } from './recent-visitors.queries.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const cell = 'whitespace-nowrap px-3 py-2 align-top';
const COLUMNS: MessageId[] = [
  'admin.analytics.colVisitor',
  'admin.analytics.colAccount',
  'admin.analytics.colLocation',
  'admin.analytics.colIpNetwork',
  'admin.analytics.colPagesViewed',
  'admin.analytics.landingPage',
  'admin.analytics.colFirstVisit',
  'admin.analytics.colLastVisit',
];

/** The spec's Visitor records, newest last visit first; the table scrolls sideways on a tablet. */
export function RecentVisitorsSection() {
  const visitors = useRecentVisitors();
  const headingId = useId();
  const { t, tn } = useT(enAdmin);
  const list = visitors.data?.visitors ?? [];
  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin.analytics.recentVisitors')}
      </h2>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {visitors.data
          ? list.length === RECENT_VISITORS_LIMIT
            ? t('admin.analytics.recentMost', { count: RECENT_VISITORS_LIMIT })
            : tn('admin.analytics.recentCount', list.length)
          : t('admin.loading')}
      </p>
      {visitors.isPending && <Spinner label={t('admin.analytics.loadingRecent')} />}
      {visitors.isError && (
        <p className="mt-3 text-red-700">{errorText(visitors.error, t('admin.analytics.loadRecentFailed'))}</p>
      )}
      {visitors.data && list.length === 0 && <p className="mt-3 text-stone-700">{t('admin.analytics.noVisitors')}</p>}
      {list.length > 0 && (
        // Focusable so that a keyboard can scroll it (axe: scrollable-region-focusable).
        <div
          className="mt-3 overflow-x-auto rounded-lg border border-stone-200"
          tabIndex={0}
          role="region"
          aria-labelledby={headingId}
        >
          <table className="min-w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-800">
              <tr>
                {COLUMNS.map((label) => (
                  <th key={label} scope="col" className={`${cell} font-semibold`}>
                    {t(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((visitor) => (
                <VisitorRow key={visitor.id} visitor={visitor} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function VisitorRow({ visitor }: { visitor: VisitorRecord }) {
  const { t } = useT(enAdmin);
  return (
    <tr className="border-t border-stone-100">
      <th scope="row" className={`${cell} font-mono text-xs font-normal`}>
        {visitor.visitorId}
      </th>
      <td className={cell}>
        {visitor.isRegisteredUser ? (
          <div className="grid gap-0.5">
            <span>
              <Badge tone="green">{t('admin.analytics.registered')}</Badge>
            </span>
            {visitor.userName && <span className="font-medium">{visitor.userName}</span>}
            {visitor.userEmail && <span className="text-stone-700">{visitor.userEmail}</span>}
          </div>
        ) : (
          <Badge>{t('admin.analytics.anonymous')}</Badge>
        )}
      </td>
      <td className={cell}>{place(visitor.city, visitor.country)}</td>
      <td className={`${cell} font-mono text-xs`}>{visitor.ipAddress}</td>
      <td className={`${cell} text-right tabular-nums`}>{count(visitor.pagesViewed)}</td>
      <td className={`${cell} max-w-64 truncate`} title={visitor.landingPage}>
        {visitor.landingPage}
      </td>
      <td className={cell}>{visitTime(visitor.firstVisit)}</td>
      <td className={cell}>{visitTime(visitor.lastVisit)}</td>
    </tr>
  );
}
