import type { SqlClient } from '../../events/store/sql.ts';
import { LISTING_ROUTE } from '../contract/app-routes.ts';
import type { PageViewRecord } from './page-view.ts';

/**
 * Writes one batch in one statement, so in one transaction: the raw views, the visitors'
 * records (upserted, one row per device), and the daily roll-ups. The rows travel as one
 * JSON text parameter, which both adapters pass as it is (postgres.js would encode a string
 * sent as jsonb a second time); the folding is done by PostgreSQL, in its own process,
 * rather than on the server's one thread, which also answers the beacons.
 *
 * Per visitor the first view (by time, then by order in the batch) gives the landing page,
 * the last the network and place; the account is the last one signed in. A day's visitors
 * grow by the (day, visitor) pairs that are new. Rows are written in key order, so two
 * servers flushing at once lock them in the same order and cannot deadlock.
 *
 * A listing's page keeps its id only while the listing exists (docs/decisions/110): looked up
 * here, in the properties read model, one index probe per such view in the same statement,
 * rather than per beacon on the request's thread; a made-up or deleted id counts as the route.
 */
export async function writePageViews(db: SqlClient, batch: readonly PageViewRecord[]): Promise<void> {
  if (batch.length === 0) return;
  const views = batch.map((view, n) => ({
    n,
    t: view.viewedAt.toISOString(),
    v: view.visitorId,
    p: view.page,
    l: view.listingId ?? null,
    u: view.userId,
    i: view.ipNetwork,
    c: view.country,
    y: view.city,
  }));
  await db.query(
    `with views as (
       select t as viewed_at, v as visitor_id, u as user_id, i as ip_network, c as country, y as city, n,
              (t at time zone 'UTC')::date as day,
              case when l is null or exists (select 1 from properties pr where pr.id = l and not pr.deleted) then p else $2 end as page
       from jsonb_to_recordset($1::text::jsonb) as x(n integer, t timestamptz, v text, p text, l uuid, u uuid, i text, c text, y text)
     ), logged as (
       insert into page_views (viewed_at, visitor_id, page, user_id, ip_network, country, city)
       select viewed_at, visitor_id, page, user_id, ip_network, country, city from views
     ), folded as (
       select visitor_id,
              (array_agg(user_id order by viewed_at desc, n desc) filter (where user_id is not null))[1] as user_id,
              (array_agg(ip_network order by viewed_at desc, n desc))[1] as ip_network,
              (array_agg(city order by viewed_at desc, n desc))[1] as city,
              (array_agg(country order by viewed_at desc, n desc))[1] as country,
              count(*)::int as pages_viewed,
              (array_agg(page order by viewed_at, n))[1] as landing_page,
              min(viewed_at) as first_visit, max(viewed_at) as last_visit
       from views group by visitor_id
     ), upserted as (
       insert into visitors as v (visitor_id, user_id, is_registered_user, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit)
       select visitor_id, user_id, user_id is not null, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit
       from folded order by visitor_id
       on conflict (visitor_id) do update set
         user_id = coalesce(excluded.user_id, v.user_id),
         is_registered_user = v.is_registered_user or excluded.is_registered_user,
         ip_network = case when excluded.last_visit >= v.last_visit then excluded.ip_network else v.ip_network end,
         city = case when excluded.last_visit >= v.last_visit then excluded.city else v.city end,
         country = case when excluded.last_visit >= v.last_visit then excluded.country else v.country end,
         pages_viewed = v.pages_viewed + excluded.pages_viewed,
         landing_page = case when excluded.first_visit < v.first_visit then excluded.landing_page else v.landing_page end,
         first_visit = least(v.first_visit, excluded.first_visit),
         last_visit = greatest(v.last_visit, excluded.last_visit)
     ), fresh as (
       insert into visitor_days (day, visitor_id)
       select distinct day, visitor_id from views order by day, visitor_id
       on conflict do nothing returning day
     ), counted as (
       insert into analytics_daily as d (day, page_views, visitors)
       select day, count(*), (select count(*) from fresh where fresh.day = views.day) from views group by day order by day
       on conflict (day) do update set page_views = d.page_views + excluded.page_views, visitors = d.visitors + excluded.visitors
     )
     insert into page_daily as p (day, page, views)
     select day, page, count(*) from views group by day, page order by day, page
     on conflict (day, page) do update set views = p.views + excluded.views`,
    [JSON.stringify(views), LISTING_ROUTE],
  );
}
