import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_TIMEFRAMES } from '../contract/analytics.schema.ts';
import { createAdmin, registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { newVisitorId, recentVisitors, trackOk, visitorAnalytics } from '../../testing/analytics.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { PageViewRecord } from './page-view.ts';

const database = useMigratedDatabase();
const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const PATHS = ['/api/admin/users-analytics', '/api/admin/visitor-analytics', '/api/admin/recent-visitors'];

async function setUp() {
  let now = NOW;
  const testApp = await createTestApp(database(), { clock: () => now });
  const admin = createClient(testApp.app);
  const adminAccount = await createAdmin(testApp, admin);
  return {
    ...testApp,
    admin,
    adminAccount,
    setNow: (at: Date) => {
      now = at;
    },
  };
}

const record = (overrides: Partial<PageViewRecord> = {}): PageViewRecord => ({
  visitorId: newVisitorId(),
  page: '/',
  viewedAt: NOW,
  userId: null,
  ipNetwork: '8.8.8.0/24',
  country: 'US',
  city: 'unknown',
  ...overrides,
});

describe('who may read analytics', () => {
  it('refuses all three calls to the signed-out (401) and to non-admins (403)', async () => {
    const { app } = await setUp();
    const renter = createClient(app);
    await registerVerifiedUser(app, renter);
    for (const path of [...PATHS, '/api/admin/visitor-analytics?days=7', '/api/admin/recent-visitors?limit=5']) {
      await expectError(await createClient(app).request(path), 401, 'unauthorized');
      await expectError(await renter.request(path), 403, 'forbidden');
    }
  });

  it("answers bad days and limits with 400 in the contract's format, never 500", async () => {
    const { admin } = await setUp();
    const bad = [
      'visitor-analytics?days=8',
      'visitor-analytics?days=abc',
      'visitor-analytics?days=',
      'visitor-analytics?days=30.0',
      'recent-visitors?limit=0',
      'recent-visitors?limit=201',
      'recent-visitors?limit=1.5',
      'recent-visitors?limit=-1',
      'recent-visitors?limit=ten',
    ];
    for (const query of bad) {
      const error = await expectError(await admin.request(`/api/admin/${query}`), 400, 'invalid_input');
      expect(error.issues?.[0]?.path, query).toBe(query.includes('days') ? 'days' : 'limit');
    }
  });
});

describe('GET /api/admin/visitor-analytics', () => {
  it.each(ANALYTICS_TIMEFRAMES)(
    'counts a view at 00:00 UTC of the first of %i days and not one a millisecond earlier',
    async (days) => {
      const { app, deps, admin, setNow } = await setUp();
      const firstDay = new Date(Date.UTC(2026, 2, 10) - (days - 1) * DAY);
      setNow(firstDay);
      await trackOk(createClient(app), { visitorId: 'visitor_1_inside', pageUrl: '/search' });
      setNow(new Date(firstDay.getTime() - 1));
      await trackOk(createClient(app), { visitorId: 'visitor_1_outside', pageUrl: '/services' });
      setNow(NOW);
      await deps.pageViews.flush();
      const analytics = await visitorAnalytics(admin, days);
      expect(analytics).toMatchObject({
        days,
        from: firstDay.toISOString().slice(0, 10),
        to: '2026-03-10',
        totalVisitors: 1,
        uniqueVisitors: 1,
        newVisitors: 1,
        returningVisitors: 0,
        topPages: [{ page: '/search', views: 1 }],
        topLandingPages: [{ page: '/search', visitors: 1 }],
      });
      expect(analytics.daily).toHaveLength(days);
      expect(analytics.daily[0]).toEqual({ date: analytics.from, visitors: 1, pageViews: 1 });
      expect(analytics.daily.slice(1).every((d) => d.pageViews === 0 && d.visitors === 0)).toBe(true);
    },
  );

  it('looks at the last 30 days unless told otherwise', async () => {
    const { admin } = await setUp();
    expect(await visitorAnalytics(admin)).toMatchObject({
      days: 30,
      from: '2026-02-09',
      to: '2026-03-10',
      totalVisitors: 0,
      conversionRate: 0,
    });
  });

  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
  ])('gives the conversion rate of %i registered in %i visitors as %d', async (registered, unique, rate) => {
    const { deps, admin } = await setUp();
    deps.pageViews.add(
      Array.from({ length: unique }, (_, i) => record({ userId: i < registered ? randomUUID() : null })),
    );
    await deps.pageViews.flush();
    expect(await visitorAnalytics(admin)).toMatchObject({
      uniqueVisitors: unique,
      registeredUsers: registered,
      conversionRate: rate,
    });
  });

  it('ranks pages, landing pages, countries and cities, most first, at most ten each', async () => {
    const { deps, admin } = await setUp();
    const views: PageViewRecord[] = [];
    for (let i = 0; i < 12; i++) {
      // Page /p{i} is viewed i+1 times, by visitors who landed there, from Accra for the even ones.
      const visitorId = newVisitorId();
      const place = i % 2 === 0 ? { country: 'GH', city: 'Accra' } : { country: `C${i}`, city: 'unknown' };
      for (let n = 0; n <= i; n++) views.push(record({ visitorId, page: `/p${i}`, ...place }));
    }
    deps.pageViews.add(views);
    await deps.pageViews.flush();
    const analytics = await visitorAnalytics(admin, 7);
    expect(analytics.topPages).toHaveLength(10);
    expect(analytics.topPages.slice(0, 2)).toEqual([
      { page: '/p11', views: 12 },
      { page: '/p10', views: 11 },
    ]);
    expect(analytics.topLandingPages).toHaveLength(10);
    expect(analytics.topCountries[0]).toEqual({ country: 'GH', visitors: 6 });
    expect(analytics.topCountries).toHaveLength(7);
    expect(analytics.topCities).toEqual([{ city: 'Accra', country: 'GH', visitors: 6 }]);
    expect(analytics.totalVisitors).toBe(78);
  });
});

describe('GET /api/admin/recent-visitors', () => {
  it('lists visitor records newest last visit first, up to the limit (200 by default)', async () => {
    const { deps, admin } = await setUp();
    const ids = Array.from({ length: 5 }, (_, i) => `visitor_${i}_recent`);
    deps.pageViews.add(
      ids.map((visitorId, i) => record({ visitorId, viewedAt: new Date(NOW.getTime() - i * 60_000) })),
    );
    deps.pageViews.add(Array.from({ length: 200 }, () => record({ viewedAt: new Date(NOW.getTime() - DAY) })));
    await deps.pageViews.flush();
    expect((await recentVisitors(admin, 3)).map((v) => v.visitorId)).toEqual(ids.slice(0, 3));
    const all = await recentVisitors(admin);
    expect(all).toHaveLength(200);
    expect(all.slice(0, 5).map((v) => v.visitorId)).toEqual(ids);
    expect((await recentVisitors(admin, 200)).length).toBe(200);
  });
});

describe('GET /api/admin/users-analytics', () => {
  it('counts users by account type, verified, admins and new in the last 7 and 30 UTC days', async () => {
    const { app, admin, setNow } = await setUp();
    setNow(new Date(Date.UTC(2026, 2, 4) - 1)); // 23:59:59.999 the day before the 7-day window
    await registerUser(createClient(app), { userType: 'owner' });
    setNow(new Date(Date.UTC(2026, 2, 4))); // first instant of the 7-day window
    await registerUser(createClient(app), { userType: 'agent', businessName: 'Agency' });
    setNow(new Date(Date.UTC(2026, 1, 9) - 1)); // before the 30-day window
    await registerVerifiedUser(app, createClient(app), { userType: 'renter' });
    setNow(NOW);
    const res = await admin.request('/api/admin/users-analytics');
    expect(res.status).toBe(200);
    // The admin (an owner, verified, registered now) is one of them.
    expect(await res.json()).toEqual({
      totalUsers: 4,
      byAccountType: { renter: 1, owner: 2, agent: 1, both: 0 },
      verifiedUsers: 2,
      admins: 1,
      newLast7Days: 2,
      newLast30Days: 3,
    });
  });
});
