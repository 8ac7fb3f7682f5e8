import type { Database } from '../../events/store/sql.ts';
import { utcDay } from './analytics-window.ts';
import type { PageViewRecord } from './page-view.ts';

type VisitorUpdate = {
  visitor_id: string;
  user_id: string | null;
  ip_network: string;
  city: string;
  country: string;
  pages_viewed: number;
  landing_page: string;
  first_visit: string;
  last_visit: string;
};

/** What a batch changes per visitor: the first view gives the landing page, the last the place and network. */
export function visitorUpdates(batch: readonly PageViewRecord[]): VisitorUpdate[] {
  const byVisitor = new Map<string, VisitorUpdate>();
  for (const view of [...batch].sort((a, b) => a.viewedAt.getTime() - b.viewedAt.getTime())) {
    const at = view.viewedAt.toISOString();
    const seen = byVisitor.get(view.visitorId);
    if (!seen) {
      byVisitor.set(view.visitorId, {
        visitor_id: view.visitorId, user_id: view.userId, ip_network: view.ipNetwork, city: view.city, country: view.country,
        pages_viewed: 1, landing_page: view.page, first_visit: at, last_visit: at,
      });
      continue;
    }
    seen.pages_viewed += 1;
    seen.last_visit = at;
    seen.user_id = view.userId ?? seen.user_id;
    seen.ip_network = view.ipNetwork;
    seen.city = view.city;
    seen.country = view.country;
  }
  // Always the same order: two servers flushing at once lock visitors' rows in one order, no deadlock.
  return [...byVisitor.values()].sort((a, b) => (a.visitor_id < b.visitor_id ? -1 : a.visitor_id > b.visitor_id ? 1 : 0));
}

const countBy = <K extends string>(keys: readonly K[]) => {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

/**
 * Writes one batch in one transaction: the raw views, the visitors' records, and the
 * daily roll-ups. Rows travel as one JSON text parameter (jsonb_to_recordset): both
 * adapters pass text as it is (postgres.js would encode a string sent as jsonb again),
 * whatever the batch's size.
 */
export async function writePageViews(db: Database, batch: readonly PageViewRecord[]): Promise<void> {
  if (batch.length === 0) return;
  const views = batch.map((view) => ({
    viewed_at: view.viewedAt.toISOString(), visitor_id: view.visitorId, page: view.page, user_id: view.userId,
    ip_network: view.ipNetwork, country: view.country, city: view.city,
  }));
  const days = batch.map((view) => utcDay(view.viewedAt));
  const visitorDays = [...new Set(batch.map((view, i) => `${days[i]} ${view.visitorId}`))].sort().map((key) => {
    const [day, visitor_id] = key.split(' ');
    return { day, visitor_id };
  });
  const dailyViews = [...countBy(days)].map(([day, page_views]) => ({ day, page_views }));
  const pageViews = [...countBy(batch.map((view, i) => `${days[i]} ${view.page}`))].sort().map(([key, views]) => {
    const at = key.indexOf(' ');
    return { day: key.slice(0, at), page: key.slice(at + 1), views };
  });

  await db.transaction(async (tx) => {
    await tx.query(
      `insert into page_views (viewed_at, visitor_id, page, user_id, ip_network, country, city)
       select viewed_at, visitor_id, page, user_id, ip_network, country, city
       from jsonb_to_recordset($1::text::jsonb) as x(viewed_at timestamptz, visitor_id text, page text, user_id uuid, ip_network text, country text, city text)`,
      [JSON.stringify(views)],
    );
    await tx.query(
      `insert into visitors as v (visitor_id, user_id, is_registered_user, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit)
       select visitor_id, user_id, user_id is not null, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit
       from jsonb_to_recordset($1::text::jsonb) as x(visitor_id text, user_id uuid, ip_network text, city text, country text,
         pages_viewed integer, landing_page text, first_visit timestamptz, last_visit timestamptz)
       on conflict (visitor_id) do update set
         user_id = coalesce(excluded.user_id, v.user_id),
         is_registered_user = v.is_registered_user or excluded.is_registered_user,
         ip_network = case when excluded.last_visit >= v.last_visit then excluded.ip_network else v.ip_network end,
         city = case when excluded.last_visit >= v.last_visit then excluded.city else v.city end,
         country = case when excluded.last_visit >= v.last_visit then excluded.country else v.country end,
         pages_viewed = v.pages_viewed + excluded.pages_viewed,
         landing_page = case when excluded.first_visit < v.first_visit then excluded.landing_page else v.landing_page end,
         first_visit = least(v.first_visit, excluded.first_visit),
         last_visit = greatest(v.last_visit, excluded.last_visit)`,
      [JSON.stringify(visitorUpdates(batch))],
    );
    // A day's visitors grow by the (day, visitor) pairs that are new.
    await tx.query(
      `with fresh as (
         insert into visitor_days (day, visitor_id)
         select day, visitor_id from jsonb_to_recordset($1::text::jsonb) as x(day date, visitor_id text)
         on conflict do nothing returning day
       ), counts as (
         select x.day, x.page_views, (select count(*) from fresh where fresh.day = x.day) as visitors
         from jsonb_to_recordset($2::text::jsonb) as x(day date, page_views integer)
       )
       insert into analytics_daily as d (day, page_views, visitors) select day, page_views, visitors from counts order by day
       on conflict (day) do update set page_views = d.page_views + excluded.page_views, visitors = d.visitors + excluded.visitors`,
      [JSON.stringify(visitorDays), JSON.stringify(dailyViews.sort((a, b) => (a.day < b.day ? -1 : 1)))],
    );
    await tx.query(
      `insert into page_daily as p (day, page, views)
       select day, page, views from jsonb_to_recordset($1::text::jsonb) as x(day date, page text, views integer)
       on conflict (day, page) do update set views = p.views + excluded.views`,
      [JSON.stringify(pageViews)],
    );
  });
}
