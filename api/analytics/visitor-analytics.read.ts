import type { SqlClient } from '../../events/store/sql.ts';
import type { AnalyticsTimeframe, DailyVisits, VisitorAnalytics } from '../contract/analytics.schema.ts';
import { analyticsWindow, conversionRate, dailySeries } from './analytics-window.ts';

/** How many entries each "top" list holds. */
export const TOP_LIST_LENGTH = 10;

/**
 * The Admin Panel's visitor analytics for the last `days` UTC days (docs/decisions/100).
 * Page views come from the daily roll-ups, visitors from their records: a visitor was
 * in the window when their last visit is; new when their first visit is too. The queries
 * are independent: on PostgreSQL they run side by side on the pool's connections.
 */
export async function readVisitorAnalytics(
  db: SqlClient,
  now: Date,
  days: AnalyticsTimeframe,
): Promise<VisitorAnalytics> {
  const window = analyticsWindow(now, days);
  const start = window.start.toISOString();
  const [counts, daily, topPages, topLandingPages, topCountries, topCities] = await Promise.all([
    db.query<{ unique_visitors: number; registered: number; new_visitors: number }>(
      `select count(*)::int as unique_visitors,
              count(*) filter (where is_registered_user)::int as registered,
              count(*) filter (where first_visit >= $1)::int as new_visitors
       from visitors where last_visit >= $1`,
      [start],
    ),
    db.query<DailyVisits>(
      `select to_char(day, 'YYYY-MM-DD') as date, visitors, page_views::int as "pageViews" from analytics_daily where day >= $1::date`,
      [window.from],
    ),
    db.query<{ page: string; views: number }>(
      `select page, sum(views)::int as views from page_daily where day >= $1::date
       group by page order by views desc, page limit ${TOP_LIST_LENGTH}`,
      [window.from],
    ),
    // Landing pages of the visits that began in the window.
    db.query<{ page: string; visitors: number }>(
      `select landing_page as page, count(*)::int as visitors from visitors where first_visit >= $1
       group by landing_page order by visitors desc, page limit ${TOP_LIST_LENGTH}`,
      [start],
    ),
    db.query<{ country: string; visitors: number }>(
      `select country, count(*)::int as visitors from visitors where last_visit >= $1
       group by country order by visitors desc, country limit ${TOP_LIST_LENGTH}`,
      [start],
    ),
    // A city nobody could name is no city: those visitors still count under their country.
    db.query<{ city: string; country: string; visitors: number }>(
      `select city, country, count(*)::int as visitors from visitors where last_visit >= $1 and city <> 'unknown'
       group by city, country order by visitors desc, city, country limit ${TOP_LIST_LENGTH}`,
      [start],
    ),
  ]);
  const {
    unique_visitors: uniqueVisitors,
    registered,
    new_visitors: newVisitors,
  } = counts[0] ?? { unique_visitors: 0, registered: 0, new_visitors: 0 };
  const series = dailySeries(window, daily);
  return {
    days,
    from: window.from,
    to: window.to,
    totalVisitors: series.reduce((sum, day) => sum + day.pageViews, 0),
    uniqueVisitors,
    registeredUsers: registered,
    conversionRate: conversionRate(registered, uniqueVisitors),
    newVisitors,
    returningVisitors: uniqueVisitors - newVisitors,
    topPages,
    topLandingPages,
    topCountries,
    topCities,
    daily: series,
  };
}
