import { ToggleGroup } from 'radix-ui';
import { errorText } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe, type VisitorAnalytics } from './analytics-contract.ts';
import { DailyVisitsChart } from './analytics-chart.tsx';
import { count, percent, place, shortDay } from './analytics-format.ts';
import { StatList, TopList } from './analytics-stats.tsx';
import { useVisitorAnalytics } from './visitor-analytics.queries.ts';

const toggleClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-stone-700 data-[state=on]:bg-white data-[state=on]:text-stone-900 data-[state=on]:shadow focus-visible:outline-2 focus-visible:outline-teal-700';

/** Visitor analytics for the last 7, 30 or 90 days (spec section 9, default 30). */
export function VisitorAnalyticsSection({
  days,
  onDays,
}: {
  days: AnalyticsTimeframe;
  onDays: (days: AnalyticsTimeframe) => void;
}) {
  const analytics = useVisitorAnalytics(days);
  const data = analytics.data;
  return (
    <Card className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Visitors</h2>
          <p className="mt-1 text-sm text-stone-700" aria-live="polite">
            {data ? `Last ${data.days} days: ${shortDay(data.from)} to ${shortDay(data.to)} (UTC days).` : 'Loading…'}
          </p>
        </div>
        {/* A single choice that is never empty: clicking the chosen one again keeps it. */}
        <ToggleGroup.Root
          type="single"
          aria-label="Timeframe"
          value={String(days)}
          className="inline-flex rounded-lg bg-stone-100 p-1"
          onValueChange={(value) => {
            if (value) onDays(Number(value) as AnalyticsTimeframe);
          }}
        >
          {ANALYTICS_TIMEFRAMES.map((choice) => (
            <ToggleGroup.Item key={choice} value={String(choice)} className={toggleClass}>
              {choice} days
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      {analytics.isPending && <Spinner label="Loading visitor analytics" />}
      {analytics.isError && (
        <p className="text-red-700">{errorText(analytics.error, 'Failed to load visitor analytics')}</p>
      )}
      {data && <VisitorFigures data={data} stale={analytics.isPlaceholderData} />}
    </Card>
  );
}

function VisitorFigures({ data, stale }: { data: VisitorAnalytics; stale: boolean }) {
  return (
    <div className={`grid gap-6 ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
      <StatList
        stats={[
          { label: 'Page views', value: count(data.totalVisitors) },
          { label: 'Unique visitors', value: count(data.uniqueVisitors) },
          { label: 'Registered users', value: count(data.registeredUsers) },
          { label: 'Conversion rate', value: percent(data.conversionRate), hint: 'registered ÷ unique visitors' },
          { label: 'New visitors', value: count(data.newVisitors) },
          { label: 'Returning visitors', value: count(data.returningVisitors) },
        ]}
      />
      {data.totalVisitors === 0 ? (
        <p className="rounded-lg bg-stone-50 p-4 text-stone-700">No visits in the last {data.days} days yet.</p>
      ) : (
        <DailyVisitsChart days={data.daily} />
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <TopList
          title="Top pages"
          column="Page"
          unit="Page views"
          rows={data.topPages.map((row) => ({ label: row.page, value: row.views }))}
        />
        <TopList
          title="Top landing pages"
          column="Landing page"
          unit="Visitors"
          rows={data.topLandingPages.map((row) => ({ label: row.page, value: row.visitors }))}
        />
        <TopList
          title="Top countries"
          column="Country"
          unit="Visitors"
          rows={data.topCountries.map((row) => ({ label: place('', row.country), value: row.visitors }))}
        />
        <TopList
          title="Top cities"
          column="City"
          unit="Visitors"
          rows={data.topCities.map((row) => ({ label: place(row.city, row.country), value: row.visitors }))}
        />
      </div>
    </div>
  );
}
