import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { PageViewRecord } from './page-view.ts';
import { writePageViews } from './page-views.write.ts';
import { rebuildAnalyticsRollups } from './rollups.rebuild.ts';

const database = useMigratedDatabase();
const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 2, 1, 22);

/** Every table but visitors' random ids, in a fixed order. */
const snapshot = async (db: ReturnType<typeof database>) => ({
  visitors: await db.query(
    `select visitor_id, user_id, is_registered_user, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit from visitors order by visitor_id`,
  ),
  visitorDays: await db.query(`select to_char(day, 'YYYY-MM-DD') as day, visitor_id from visitor_days order by 1, 2`),
  daily: await db.query(
    `select to_char(day, 'YYYY-MM-DD') as day, page_views, visitors from analytics_daily order by 1`,
  ),
  pages: await db.query(`select to_char(day, 'YYYY-MM-DD') as day, page, views from page_daily order by 1, 2`),
});

describe('rebuildAnalyticsRollups', () => {
  it('gives what the batched writes gave', async () => {
    const db = database();
    // 60 views of 7 visitors over 3 days, in 4 batches, some visitors signing in on the way.
    const views: PageViewRecord[] = Array.from({ length: 60 }, (_, i) => ({
      visitorId: `visitor_1_v${i % 7}`,
      page: `/p${i % 5}`,
      viewedAt: new Date(START + i * (DAY / 20)),
      userId: i % 7 === 3 && i > 20 ? '00000000-0000-4000-8000-000000000003' : null,
      ipNetwork: `10.0.${i % 3}.0/24`,
      country: i % 2 ? 'GH' : 'US',
      city: i % 2 ? 'Accra' : 'unknown',
    }));
    for (let i = 0; i < views.length; i += 15) await writePageViews(db, views.slice(i, i + 15));
    const incremental = await snapshot(db);
    expect(incremental.daily.length).toBe(4);
    await rebuildAnalyticsRollups(db);
    expect(await snapshot(db)).toEqual(incremental);
  });
});
