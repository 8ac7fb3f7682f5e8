import { useId } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Badge, Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RECENT_VISITORS_LIMIT, type VisitorRecord } from './analytics-contract.ts';
import { count, place, visitTime } from './analytics-format.ts';
import { useRecentVisitors } from './recent-visitors.queries.ts';

const cell = 'whitespace-nowrap px-3 py-2 align-top';

/** The spec's Visitor records, newest last visit first; the table scrolls sideways on a tablet. */
export function RecentVisitorsSection() {
  const visitors = useRecentVisitors();
  const headingId = useId();
  const list = visitors.data?.visitors ?? [];
  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        Recent visitors
      </h2>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {visitors.data
          ? `The ${list.length === RECENT_VISITORS_LIMIT ? `${RECENT_VISITORS_LIMIT} most recent` : count(list.length)} ${list.length === 1 ? 'visitor' : 'visitors'}, newest first. IP addresses keep only their network part.`
          : 'Loading…'}
      </p>
      {visitors.isPending && <Spinner label="Loading recent visitors" />}
      {visitors.isError && (
        <p className="mt-3 text-red-700">{errorText(visitors.error, 'Failed to load recent visitors')}</p>
      )}
      {visitors.data && list.length === 0 && <p className="mt-3 text-stone-700">No visitors recorded yet.</p>}
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
                {[
                  'Visitor',
                  'Account',
                  'Location',
                  'IP network',
                  'Pages viewed',
                  'Landing page',
                  'First visit',
                  'Last visit',
                ].map((label) => (
                  <th key={label} scope="col" className={`${cell} font-semibold`}>
                    {label}
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
  return (
    <tr className="border-t border-stone-100">
      <th scope="row" className={`${cell} font-mono text-xs font-normal`}>
        {visitor.visitorId}
      </th>
      <td className={cell}>
        {visitor.isRegisteredUser ? (
          <div className="grid gap-0.5">
            <span>
              <Badge tone="green">Registered</Badge>
            </span>
            {visitor.userName && <span className="font-medium">{visitor.userName}</span>}
            {visitor.userEmail && <span className="text-stone-700">{visitor.userEmail}</span>}
          </div>
        ) : (
          <Badge>Anonymous</Badge>
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
