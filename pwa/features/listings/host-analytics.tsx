import { useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { Card } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { tabListClass, tabTriggerClass } from '../../ui/tabs.tsx';
import { localeTag, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';
import {
  ANALYTICS_TIMEFRAMES,
  type AnalyticsTimeframe,
  DEFAULT_TIMEFRAME,
  type ListingActivity,
  type ListingAnalytics,
} from './listing-analytics-contract.ts';
import { useListingAnalytics } from './listing-analytics.queries.ts';

/**
 * The host dashboard's Analytics tab (issue 34, docs/decisions/390): views, visitors, conversations
 * and contacts over 7, 30 or 90 days, in total and per listing, and how the host answers over the
 * last 30 days. `rating`: the guest rating, as the dashboard computes it.
 */
export function HostAnalytics({ rating }: { rating: string }) {
  const { t, tn } = useT(enHost);
  const [days, setDays] = useState<AnalyticsTimeframe>(DEFAULT_TIMEFRAME);
  const analytics = useListingAnalytics(days);
  return (
    <div className="grid gap-6">
      <div role="group" aria-label={t('host.period')} className={`${tabListClass} max-w-xs`}>
        {ANALYTICS_TIMEFRAMES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === days}
            onClick={() => setDays(option)}
            // The tab look: the chosen period stands out as the active tab does.
            data-state={option === days ? 'active' : 'inactive'}
            className={tabTriggerClass}
          >
            {tn('host.days', option)}
          </button>
        ))}
      </div>
      {analytics.isPending && <CenteredSpinner />}
      {analytics.isError && !analytics.data && <p>{t('host.analyticsFailed')}</p>}
      {analytics.data && <Figures analytics={analytics.data} rating={rating} />}
    </div>
  );
}

function Figures({ analytics, rating }: { analytics: ListingAnalytics; rating: string }) {
  const { t, tn } = useT(enHost);
  const { response } = analytics;
  const percent = new Intl.NumberFormat(localeTag(), { style: 'percent', maximumFractionDigits: 0 });
  return (
    <>
      <section aria-labelledby="host-analytics-window" className="grid gap-3">
        <h2 id="host-analytics-window" className="text-lg font-semibold">
          {tn('host.inLastDays', analytics.days)}
        </h2>
        <Activity activity={analytics.totals} />
      </section>
      <section aria-labelledby="host-analytics-answers" className="grid gap-3">
        <h2 id="host-analytics-answers" className="text-lg font-semibold">
          {t('host.howYouAnswer')}
        </h2>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Figure
            label={t('host.responseRate')}
            value={response.responseRate === null ? '—' : percent.format(response.responseRate)}
            note={
              response.started > 0
                ? t('host.answeredOf', {
                    answered: formatNumber(response.answered),
                    started: formatNumber(response.started),
                  })
                : undefined
            }
          />
          <Figure
            label={t('host.medianReply')}
            value={response.medianReplyMinutes === null ? '—' : medianText(response.medianReplyMinutes)}
          />
          <Figure label={t('host.guestRating')} value={rating} />
        </dl>
        <p className="text-sm text-stone-700">
          {response.started > 0 ? t('host.lastThirtyDays') : t('host.noConversationsYet')}
        </p>
      </section>
      {analytics.listings.length > 0 && (
        <section aria-labelledby="host-analytics-listings" className="grid gap-3">
          <h2 id="host-analytics-listings" className="text-lg font-semibold">
            {t('host.perListing')}
          </h2>
          <ul className="grid gap-3 lg:grid-cols-2">
            {analytics.listings.map((listing) => (
              <li key={listing.listingId}>
                <Card className="grid gap-3 p-4">
                  <h3 className="font-semibold [overflow-wrap:anywhere]">{listing.title}</h3>
                  <Activity activity={listing} compact />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The median as it is, to a tenth of an hour or a day: the host reads their own figure, where the
 * listing page rounds up to a promise ("within 2 hours", pwa/ui/reply-time.ts). Intl writes the
 * units in the active language; sharing that helper here would cost every first visit a chunk's name.
 */
function medianText(minutes: number): string {
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, Math.round(minutes)), 'minute']
      : minutes < 24 * 60
        ? [minutes / 60, 'hour']
        : [minutes / (24 * 60), 'day'];
  return new Intl.NumberFormat(localeTag(), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Views, visitors, conversations, WhatsApp and calls: five figures, three to a row on a phone. */
function Activity({ activity, compact = false }: { activity: ListingActivity; compact?: boolean }) {
  const { t } = useT(enHost);
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3">
      <Figure label={t('host.totalViews')} value={formatNumber(activity.views)} compact={compact} />
      <Figure label={t('host.uniqueVisitors')} value={formatNumber(activity.visitors)} compact={compact} />
      <Figure label={t('host.conversations')} value={formatNumber(activity.conversations)} compact={compact} />
      <Figure label={t('host.whatsapp')} value={formatNumber(activity.contacts.whatsapp)} compact={compact} />
      <Figure label={t('host.calls')} value={formatNumber(activity.contacts.call)} compact={compact} />
    </dl>
  );
}

function Figure({
  label,
  value,
  note,
  compact = false,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  compact?: boolean;
}) {
  return (
    <div
      className={
        compact
          ? 'min-w-0 text-center'
          : 'min-w-0 rounded-xl border border-stone-200 bg-white px-2 py-3 text-center sm:p-4'
      }
    >
      <dt className="text-xs text-stone-700 sm:text-sm">{label}</dt>
      <dd className={`${compact ? 'text-lg' : 'text-xl sm:text-2xl'} font-bold text-teal-800 [overflow-wrap:anywhere]`}>
        {value}
      </dd>
      {note && <dd className="mt-1 text-xs text-stone-700">{note}</dd>}
    </div>
  );
}
