import type { SqlClient } from '../../events/store/sql.ts';

/**
 * Makes visitors and the daily roll-ups again from page_views, the record they are derived
 * from (docs/decisions/100): after a bulk load (the bench's seed) or a change of what a
 * roll-up holds. Gives what the batched writes give, except that a visitor's first visit
 * and landing page are the oldest still kept (older views are deleted after two years).
 * Not for a live server: views written meanwhile would be counted twice.
 */
export async function rebuildAnalyticsRollups(db: SqlClient): Promise<void> {
  await db.execute(`
    truncate visitors, visitor_days, analytics_daily, page_daily;
    insert into visitors (visitor_id, user_id, is_registered_user, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit)
    select visitor_id,
           (array_agg(user_id order by viewed_at desc) filter (where user_id is not null))[1],
           bool_or(user_id is not null),
           (array_agg(ip_network order by viewed_at desc))[1],
           (array_agg(city order by viewed_at desc))[1],
           (array_agg(country order by viewed_at desc))[1],
           count(*),
           (array_agg(page order by viewed_at))[1],
           min(viewed_at), max(viewed_at)
    from page_views group by visitor_id;
    insert into visitor_days (day, visitor_id)
    select distinct (viewed_at at time zone 'UTC')::date, visitor_id from page_views;
    insert into analytics_daily (day, page_views, visitors)
    select (viewed_at at time zone 'UTC')::date as day, count(*), count(distinct visitor_id) from page_views group by day;
    insert into page_daily (day, page, views)
    select (viewed_at at time zone 'UTC')::date as day, page, count(*) from page_views group by day, page;
  `);
}
