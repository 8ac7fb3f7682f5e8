import { describe, expect, it } from 'vitest';
import { analyticsRowCounts } from '../../testing/analytics.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { PageViewRecord } from './page-view.ts';
import { writePageViews } from './page-views.write.ts';
import { deleteExpiredAnalytics } from './retention.ts';

const database = useMigratedDatabase();
const NOW = new Date('2026-03-10T12:00:00.000Z');
const TWO_YEARS_AGO = new Date('2024-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const view = (visitorId: string, viewedAt: Date): PageViewRecord => ({
  visitorId,
  page: '/',
  viewedAt,
  userId: null,
  ipNetwork: '8.8.8.0/24',
  country: 'US',
  city: 'unknown',
});

describe('usage data retention (2 years)', () => {
  it('deletes what is two years and a day old and keeps what is a day younger than two years', async () => {
    const db = database();
    await writePageViews(db, [view('visitor_1_old', new Date(TWO_YEARS_AGO.getTime() - DAY))]);
    await writePageViews(db, [view('visitor_1_young', new Date(TWO_YEARS_AGO.getTime() + DAY))]);
    expect(await analyticsRowCounts(db)).toEqual({
      page_views: 2,
      visitors: 2,
      visitor_days: 2,
      analytics_daily: 2,
      page_daily: 2,
    });
    expect(await deleteExpiredAnalytics(db, NOW)).toEqual({ pageViews: 1, visitors: 1, days: 1 });
    expect(await analyticsRowCounts(db)).toEqual({
      page_views: 1,
      visitors: 1,
      visitor_days: 1,
      analytics_daily: 1,
      page_daily: 1,
    });
    const [kept] = await db.query<{ visitor_id: string; day: string }>(
      `select v.visitor_id, to_char(d.day, 'YYYY-MM-DD') as day from visitors v, analytics_daily d`,
    );
    expect(kept).toEqual({ visitor_id: 'visitor_1_young', day: '2024-03-11' });
  });

  it('cuts at exactly two years: a view at the cut-off stays, one a millisecond older goes', async () => {
    const db = database();
    await writePageViews(db, [
      view('visitor_1_edge', TWO_YEARS_AGO),
      view('visitor_1_older', new Date(TWO_YEARS_AGO.getTime() - 1)),
    ]);
    expect(await deleteExpiredAnalytics(db, NOW)).toMatchObject({ pageViews: 1, visitors: 1 });
    const rows = await db.query<{ visitor_id: string }>('select visitor_id from page_views');
    expect(rows).toEqual([{ visitor_id: 'visitor_1_edge' }]);
  });

  it('keeps the record of a visitor first seen long ago but seen again since', async () => {
    const db = database();
    await writePageViews(db, [view('visitor_1_loyal', new Date(TWO_YEARS_AGO.getTime() - 100 * DAY))]);
    await writePageViews(db, [view('visitor_1_loyal', new Date(NOW.getTime() - DAY))]);
    expect(await deleteExpiredAnalytics(db, NOW)).toMatchObject({ pageViews: 1, visitors: 0 });
    const [visitor] = await db.query<{ pages_viewed: number }>('select pages_viewed from visitors');
    expect(visitor).toEqual({ pages_viewed: 2 });
  });
});
