import type { Database } from '../../events/store/sql.ts';

/** The privacy policy's "usage data: 2 years" (spec part 2, section 9). */
export const USAGE_DATA_RETENTION = '2 years';

export type Deleted = { pageViews: number; visitors: number; days: number };

/**
 * Deletes the usage data older than two years before `now`: page views, visitors whose
 * last visit is that old, and the daily roll-ups of days that ended that long ago.
 * A visitor seen within the two years keeps their record (its first visit may be older).
 */
export async function deleteExpiredAnalytics(db: Database, now: Date): Promise<Deleted> {
  return db.transaction(async (tx) => {
    const params = [now.toISOString(), USAGE_DATA_RETENTION];
    // In UTC whatever the session's time zone: two calendar years back from now.
    const utcCutoff = `(($1::timestamptz at time zone 'UTC') - $2::interval)`;
    const cutoff = `(${utcCutoff} at time zone 'UTC')`;
    const [pageViews] = await tx.query<{ n: number }>(
      `with gone as (delete from page_views where viewed_at < ${cutoff} returning 1) select count(*)::int as n from gone`,
      params,
    );
    const [visitors] = await tx.query<{ n: number }>(
      `with gone as (delete from visitors where last_visit < ${cutoff} returning 1) select count(*)::int as n from gone`,
      params,
    );
    // A day's roll-up goes once the whole day is older than two years.
    const [days] = await tx.query<{ n: number }>(
      `with gone as (delete from analytics_daily where day < ${utcCutoff}::date returning 1) select count(*)::int as n from gone`,
      params,
    );
    await tx.query(`delete from visitor_days where day < ${utcCutoff}::date`, params);
    await tx.query(`delete from page_daily where day < ${utcCutoff}::date`, params);
    // Views set aside (docs/decisions/110) are page views too.
    await tx.query(`delete from page_view_dead_letters where failed_at < ${cutoff}`, params);
    return { pageViews: pageViews?.n ?? 0, visitors: visitors?.n ?? 0, days: days?.n ?? 0 };
  });
}
