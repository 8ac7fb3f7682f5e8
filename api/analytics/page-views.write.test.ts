import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { PageViewRecord } from './page-view.ts';
import { writePageViews } from './page-views.write.ts';

const database = useMigratedDatabase();
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 12, minute));
const view = (visitorId: string, minute: number, overrides: Partial<PageViewRecord> = {}): PageViewRecord => ({
  visitorId,
  page: `/${minute}`,
  viewedAt: at(minute),
  userId: null,
  ipNetwork: '8.8.8.0/24',
  country: 'US',
  city: 'unknown',
  ...overrides,
});
const USER = '00000000-0000-4000-8000-000000000001';

const visitors = (db: ReturnType<typeof database>) =>
  db.query(`select visitor_id, user_id, is_registered_user, ip_network, city, country, pages_viewed, landing_page, first_visit, last_visit
            from visitors order by visitor_id`);

describe('writePageViews', () => {
  it("folds a batch into one record per visitor, in time order whatever the batch's order", async () => {
    const db = database();
    await writePageViews(db, [
      view('visitor_1_b', 5, { userId: USER }),
      view('visitor_1_a', 3),
      view('visitor_1_b', 9, { ipNetwork: '81.2.69.0/24', country: 'GB', city: 'St Albans' }),
      view('visitor_1_b', 1),
    ]);
    expect(await visitors(db)).toEqual([
      {
        visitor_id: 'visitor_1_a',
        user_id: null,
        is_registered_user: false,
        ip_network: '8.8.8.0/24',
        city: 'unknown',
        country: 'US',
        pages_viewed: 1,
        landing_page: '/3',
        first_visit: at(3),
        last_visit: at(3),
      },
      {
        // Signed in at one view and not at the later one: still that account's device.
        visitor_id: 'visitor_1_b',
        user_id: USER,
        is_registered_user: true,
        ip_network: '81.2.69.0/24',
        city: 'St Albans',
        country: 'GB',
        pages_viewed: 3,
        landing_page: '/1',
        first_visit: at(1),
        last_visit: at(9),
      },
    ]);
  });

  it('takes the batch order for views of the same instant (a beacon of views sent without times)', async () => {
    const db = database();
    await writePageViews(db, [
      view('visitor_1_c', 0, { page: '/first' }),
      view('visitor_1_c', 0, { page: '/second', country: 'GH', city: 'Accra' }),
    ]);
    expect(await visitors(db)).toMatchObject([
      { landing_page: '/first', country: 'GH', city: 'Accra', pages_viewed: 2 },
    ]);
  });

  it('merges a later batch into the record and the day, and an earlier view moves the landing page back', async () => {
    const db = database();
    await writePageViews(db, [view('visitor_1_d', 30, { country: 'GH', city: 'Accra' })]);
    await writePageViews(db, [view('visitor_1_d', 10), view('visitor_1_e', 11)]);
    expect(await visitors(db)).toMatchObject([
      // Seen last at minute 30, so still placed in Accra.
      {
        visitor_id: 'visitor_1_d',
        pages_viewed: 2,
        landing_page: '/10',
        first_visit: at(10),
        last_visit: at(30),
        country: 'GH',
        city: 'Accra',
      },
      { visitor_id: 'visitor_1_e', pages_viewed: 1 },
    ]);
    const daily = await db.query(`select to_char(day, 'YYYY-MM-DD') as day, page_views, visitors from analytics_daily`);
    expect(daily).toEqual([{ day: '2026-03-10', page_views: 3, visitors: 2 }]);
  });
});
