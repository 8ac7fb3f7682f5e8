import { ToggleGroup } from 'radix-ui';
import { errorText } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe, type VisitorAnalytics } from './analytics-contract.ts';
import { DailyVisitsChart } from './analytics-chart.tsx';
import { count, percent, place, shortDay } from './analytics-format.ts';
import { StatList, TopList } from './analytics-stats.tsx';
import { useVisitorAnalytics } from './visitor-analytics.queries.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

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
  const { t } = useT(enAdmin);
  return (
    <Card className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('admin.analytics.visitors')}</h2>
          <p className="mt-1 text-sm text-stone-700" aria-live="polite">
            {data
              ? t('admin.analytics.lastDays', { days: data.days, from: shortDay(data.from), to: shortDay(data.to) })
              : t('admin.loading')}
          </p>
        </div>
        {/* A single choice that is never empty: clicking the chosen one again keeps it. */}
        <ToggleGroup.Root
          type="single"
          aria-label={t('admin.analytics.timeframe')}
          value={String(days)}
          className="inline-flex rounded-lg bg-stone-100 p-1"
          onValueChange={(value) => {
            if (value) onDays(Number(value) as AnalyticsTimeframe);
          }}
        >
          {ANALYTICS_TIMEFRAMES.map((choice) => (
            <ToggleGroup.Item key={choice} value={String(choice)} className={toggleClass}>
              {t('admin.analytics.days', { days: choice })}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      {analytics.isPending && <Spinner label={t('admin.analytics.loadingVisitors')} />}
      {analytics.isError && (
        <p className="text-red-700">{errorText(analytics.error, t('admin.analytics.loadVisitorsFailed'))}</p>
      )}
      {data && <VisitorFigures data={data} stale={analytics.isPlaceholderData} />}
    </Card>
  );
}

function VisitorFigures({ data, stale }: { data: VisitorAnalytics; stale: boolean }) {
  const { t } = useT(enAdmin);
  return (
    <div className={`grid gap-6 ${stale ? 'opacity-60' : ''}`} aria-busy={stale}>
      <StatList
        stats={[
          { label: t('admin.analytics.pageViews'), value: count(data.totalVisitors) },
          { label: t('admin.analytics.uniqueVisitors'), value: count(data.uniqueVisitors) },
          { label: t('admin.analytics.registeredUsers'), value: count(data.registeredUsers) },
          {
            label: t('admin.analytics.conversionRate'),
            value: percent(data.conversionRate),
            hint: t('admin.analytics.conversionHint'),
          },
          { label: t('admin.analytics.newVisitors'), value: count(data.newVisitors) },
          { label: t('admin.analytics.returningVisitors'), value: count(data.returningVisitors) },
        ]}
      />
      {data.totalVisitors === 0 ? (
        <p className="rounded-lg bg-stone-50 p-4 text-stone-700">
          {t('admin.analytics.noVisitsIn', { days: data.days })}
        </p>
      ) : (
        <DailyVisitsChart days={data.daily} />
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <TopList
          title={t('admin.analytics.topPages')}
          column={t('admin.analytics.page')}
          unit={t('admin.analytics.pageViews')}
          rows={data.topPages.map((row) => ({ label: row.page, value: row.views }))}
        />
        <TopList
          title={t('admin.analytics.topLandingPages')}
          column={t('admin.analytics.landingPage')}
          unit={t('admin.analytics.visitors')}
          rows={data.topLandingPages.map((row) => ({ label: row.page, value: row.visitors }))}
        />
        <TopList
          title={t('admin.analytics.topCountries')}
          column={t('admin.analytics.country')}
          unit={t('admin.analytics.visitors')}
          rows={data.topCountries.map((row) => ({ label: place('', row.country), value: row.visitors }))}
        />
        <TopList
          title={t('admin.analytics.topCities')}
          column={t('admin.analytics.city')}
          unit={t('admin.analytics.visitors')}
          rows={data.topCities.map((row) => ({ label: place(row.city, row.country), value: row.visitors }))}
        />
      </div>
    </div>
  );
}
