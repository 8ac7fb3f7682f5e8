import { describe, expect, it } from 'vitest';
import { MAX_VIEW_AGE_MS, MAX_VIEWS_PER_BEACON } from '../contract/analytics.schema.ts';
import { registerUser } from '../../testing/accounts.ts';
import {
  analyticsApp,
  analyticsRowCounts,
  newVisitorId,
  recentVisitors,
  track,
  trackOk,
  visitorAnalytics,
} from '../../testing/analytics.ts';
import { expectError } from '../../testing/errors.ts';
import { createPageViewBuffer } from './page-view-buffer.ts';
import { createClient } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

const setUp = () => analyticsApp(database(), NOW);

describe('POST /api/analytics/track-visitor: counting', () => {
  it("records a new visitor with the spec's fields, its address cut to the /24 and placed", async () => {
    const { app, deps, admin } = await setUp();
    const visitorId = newVisitorId();
    expect(
      await trackOk(
        createClient(app),
        { visitorId, pageUrl: '/search?location=Accra', pageTitle: 'Search' },
        { from: '8.8.8.8' },
      ),
    ).toBe(1);
    await deps.pageViews.flush();
    const [visitor, ...others] = await recentVisitors(admin);
    expect(others).toEqual([]);
    expect(visitor).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      visitorId,
      isRegisteredUser: false,
      userName: null,
      userEmail: null,
      ipAddress: '8.8.8.0/24',
      city: 'unknown',
      country: 'US',
      pagesViewed: 1,
      landingPage: '/search',
      firstVisit: NOW.toISOString(),
      lastVisit: NOW.toISOString(),
    });
    const analytics = await visitorAnalytics(admin, 7);
    expect(analytics).toMatchObject({
      totalVisitors: 1,
      uniqueVisitors: 1,
      registeredUsers: 0,
      conversionRate: 0,
      newVisitors: 1,
      returningVisitors: 0,
      topPages: [{ page: '/search', views: 1 }],
      topLandingPages: [{ page: '/search', visitors: 1 }],
      topCountries: [{ country: 'US', visitors: 1 }],
      topCities: [],
    });
    expect(analytics.daily.at(-1)).toEqual({ date: '2026-03-10', visitors: 1, pageViews: 1 });
  });

  it('counts a returning visitor once, with every page view, and keeps the first landing page', async () => {
    const { app, deps, admin, setNow } = await setUp();
    const visitorId = newVisitorId();
    const phone = createClient(app);
    setNow(new Date(NOW.getTime() - 10 * DAY));
    await trackOk(phone, { visitorId, pageUrl: '/' }, { from: '154.160.0.1' });
    await deps.pageViews.flush();
    setNow(NOW);
    await trackOk(
      phone,
      { visitorId, views: [{ pageUrl: '/property/1' }, { pageUrl: '/property/2' }] },
      { from: '81.2.69.142' },
    );
    await deps.pageViews.flush();
    const [visitor] = await recentVisitors(admin);
    expect(visitor).toMatchObject({
      visitorId,
      pagesViewed: 3,
      landingPage: '/',
      firstVisit: new Date(NOW.getTime() - 10 * DAY).toISOString(),
      lastVisit: NOW.toISOString(),
      // Where the device was last seen.
      country: 'GB',
      city: 'St Albans',
      ipAddress: '81.2.69.0/24',
    });
    // Within 7 days it is a returning visitor; within 30 its first visit is in the window too.
    expect(await visitorAnalytics(admin, 7)).toMatchObject({
      totalVisitors: 2,
      uniqueVisitors: 1,
      newVisitors: 0,
      returningVisitors: 1,
      topLandingPages: [],
    });
    const month = await visitorAnalytics(admin, 30);
    expect(month).toMatchObject({
      totalVisitors: 3,
      uniqueVisitors: 1,
      newVisitors: 1,
      returningVisitors: 0,
      topLandingPages: [{ page: '/', visitors: 1 }],
    });
    expect(month.daily.filter((d) => d.pageViews > 0)).toEqual([
      { date: '2026-02-28', visitors: 1, pageViews: 1 },
      { date: '2026-03-10', visitors: 1, pageViews: 2 },
    ]);
    expect(month.topCountries).toEqual([{ country: 'GB', visitors: 1 }]);
  });

  it("counts a day's visitor once however many beacons they send that day", async () => {
    const { app, deps, admin } = await setUp();
    const visitorId = newVisitorId();
    const phone = createClient(app);
    await trackOk(phone, { visitorId, pageUrl: '/' });
    await deps.pageViews.flush();
    await trackOk(phone, { visitorId, pageUrl: '/search' });
    await trackOk(phone, { visitorId, pageUrl: '/search' });
    await deps.pageViews.flush();
    const analytics = await visitorAnalytics(admin, 7);
    expect(analytics.daily.at(-1)).toEqual({ date: '2026-03-10', visitors: 1, pageViews: 3 });
    expect(analytics.topPages).toEqual([
      { page: '/search', views: 2 },
      { page: '/', views: 1 },
    ]);
  });

  it('turns the visitor into a registered user when the same device signs up', async () => {
    const { app, deps, admin } = await setUp();
    const visitorId = newVisitorId();
    const phone = createClient(app);
    await trackOk(phone, { visitorId, pageUrl: '/' });
    await trackOk(createClient(app), { visitorId: newVisitorId(), pageUrl: '/' });
    await deps.pageViews.flush();
    expect(await visitorAnalytics(admin)).toMatchObject({ uniqueVisitors: 2, registeredUsers: 0, conversionRate: 0 });
    const { email } = await registerUser(phone, { firstName: 'Kojo', lastName: 'Asante' });
    await trackOk(phone, { visitorId, pageUrl: '/dashboard' });
    await deps.pageViews.flush();
    const visitor = (await recentVisitors(admin)).find((v) => v.visitorId === visitorId);
    expect(visitor).toMatchObject({
      isRegisteredUser: true,
      userName: 'Kojo Asante',
      userEmail: email,
      pagesViewed: 2,
      landingPage: '/',
    });
    expect(await visitorAnalytics(admin)).toMatchObject({ uniqueVisitors: 2, registeredUsers: 1, conversionRate: 50 });
    // Signed out later on the same device: still the registered visitor it became.
    expect((await phone.request('/api/auth/logout', { method: 'POST' })).status).toBe(200);
    await trackOk(phone, { visitorId, pageUrl: '/' });
    await deps.pageViews.flush();
    expect((await recentVisitors(admin)).find((v) => v.visitorId === visitorId)).toMatchObject({
      isRegisteredUser: true,
      userName: 'Kojo Asante',
    });
  });

  it('answers bots like everyone else and counts nothing of them', async () => {
    const { app, deps } = await setUp();
    const res = await track(
      createClient(app),
      { visitorId: newVisitorId(), views: [{ pageUrl: '/' }, { pageUrl: '/x' }] },
      { headers: { 'user-agent': GOOGLEBOT } },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2 });
    await trackOk(createClient(app), { visitorId: newVisitorId(), pageUrl: '/' }, { headers: { 'user-agent': PHONE } });
    await deps.pageViews.flush();
    expect(await analyticsRowCounts(deps.db)).toMatchObject({ page_views: 1, visitors: 1 });
  });
});

describe('POST /api/analytics/track-visitor: what a beacon may carry', () => {
  it('takes a batch sent as application/json or text/plain, back-dated views on their own day', async () => {
    const { app, deps, admin } = await setUp();
    const visitorId = newVisitorId();
    const views = [
      { pageUrl: '/', viewedAt: NOW.getTime() - 13 * 60 * 60 * 1000 },
      { pageUrl: '/search' },
      { pageUrl: '/property/9', viewedAt: NOW.getTime() + 60_000 },
    ];
    expect(
      await trackOk(createClient(app), { visitorId, views }, { headers: { 'content-type': 'application/json' } }),
    ).toBe(3);
    expect(await trackOk(createClient(app), { visitorId, views: [{ pageUrl: '/services' }] })).toBe(1);
    await deps.pageViews.flush();
    const [visitor] = await recentVisitors(admin);
    // The view from the future counts as now; the one from yesterday evening on yesterday.
    expect(visitor).toMatchObject({
      pagesViewed: 4,
      landingPage: '/',
      firstVisit: '2026-03-09T23:00:00.000Z',
      lastVisit: NOW.toISOString(),
    });
    const analytics = await visitorAnalytics(admin, 7);
    expect(analytics.daily.slice(-2)).toEqual([
      { date: '2026-03-09', visitors: 1, pageViews: 1 },
      { date: '2026-03-10', visitors: 1, pageViews: 3 },
    ]);
  });

  it(`drops views older than ${MAX_VIEW_AGE_MS / 3_600_000} hours and says how many it took`, async () => {
    const { app, deps } = await setUp();
    const old = NOW.getTime() - MAX_VIEW_AGE_MS - 1;
    expect(
      await trackOk(createClient(app), {
        visitorId: newVisitorId(),
        views: [{ pageUrl: '/a', viewedAt: old }, { pageUrl: '/b' }],
      }),
    ).toBe(1);
    expect(await trackOk(createClient(app), { visitorId: newVisitorId(), pageUrl: '/c', viewedAt: old })).toBe(0);
    await deps.pageViews.flush();
    expect(await analyticsRowCounts(deps.db)).toMatchObject({ page_views: 1, visitors: 1 });
  });

  it('places the caller from the whole address and keeps only its network; private addresses are "unknown"', async () => {
    const { app, deps, admin } = await setUp();
    const from = {
      '10.1.2.3': 'a',
      '192.168.0.7': 'b',
      '127.0.0.1': 'c',
      '::1': 'd',
      '2001:4860:4860::8888': 'e',
      '154.160.0.1': 'f',
    };
    for (const [address, name] of Object.entries(from))
      await trackOk(createClient(app), { visitorId: `visitor_1_${name}`, pageUrl: '/' }, { from: address });
    await deps.pageViews.flush();
    const byId = Object.fromEntries(
      (await recentVisitors(admin)).map((v) => [v.visitorId, { ip: v.ipAddress, country: v.country, city: v.city }]),
    );
    expect(byId).toEqual({
      visitor_1_a: { ip: '10.1.2.0/24', country: 'unknown', city: 'unknown' },
      visitor_1_b: { ip: '192.168.0.0/24', country: 'unknown', city: 'unknown' },
      visitor_1_c: { ip: '127.0.0.0/24', country: 'unknown', city: 'unknown' },
      visitor_1_d: { ip: '0:0:0::/48', country: 'unknown', city: 'unknown' },
      visitor_1_e: { ip: '2001:4860:4860::/48', country: 'US', city: 'unknown' },
      visitor_1_f: { ip: '154.160.0.0/24', country: 'GH', city: 'Accra' },
    });
    const stored = await deps.db.query<{ ip_network: string }>(
      'select ip_network from page_views union all select ip_network from visitors',
    );
    expect(stored.filter((row) => !/\/(24|48)$/.test(row.ip_network))).toEqual([]);
    expect((await visitorAnalytics(admin)).topCities).toEqual([{ city: 'Accra', country: 'GH', visitors: 1 }]);
  });

  it("refuses malformed beacons with 400 in the contract's format and writes nothing", async () => {
    const { app, deps } = await setUp();
    const client = createClient(app);
    const visitorId = newVisitorId();
    const tooMany = Array.from({ length: MAX_VIEWS_PER_BEACON + 1 }, (_, i) => ({ pageUrl: `/${i}` }));
    const invalid = [
      { visitorId, views: tooMany },
      { visitorId, views: [] },
      { visitorId: 'someone', pageUrl: '/' },
      { pageUrl: '/' },
      { visitorId },
      { visitorId, pageUrl: '/', views: [{ pageUrl: '/' }] },
      { visitorId, pageUrl: 'https://elsewhere.example/' },
      { visitorId, pageUrl: '/', viewedAt: 'yesterday' },
      { visitorId, views: [{ pageUrl: '/', viewedAt: 1.5 }] },
      // A NUL would fail the database write of every view buffered with it.
      { visitorId, pageUrl: '/a\u0000b' },
      { visitorId, views: [{ pageUrl: '/', pageTitle: 'Home\u0007' }] },
      [],
      null,
    ];
    for (const body of invalid) {
      const error = await expectError(await track(client, JSON.stringify(body)), 400, 'invalid_input');
      expect(error.issues?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    for (const body of ['', 'not json', '{"visitorId":', 'visitorId=visitor_1_a&pageUrl=/']) {
      expect(await expectError(await track(client, body), 400, 'bad_request')).toEqual({
        error: 'Malformed JSON in request body',
        code: 'bad_request',
      });
    }
    await expectError(
      await track(client, JSON.stringify({ visitorId, pageUrl: `/${'a'.repeat(70 * 1024)}` })),
      413,
      'too_large',
    );
    await deps.pageViews.flush();
    expect(deps.pageViews.stats()).toMatchObject({ buffered: 0, written: 0 });
    expect(await analyticsRowCounts(deps.db)).toEqual({
      page_views: 0,
      visitors: 0,
      visitor_days: 0,
      analytics_daily: 0,
      page_daily: 0,
    });
  });

  it('answers 202 with accepted 0 and keeps nothing more when the buffer is full', async () => {
    const { app, deps } = await setUp();
    // A database that does not answer until the end: what waits cannot leave the buffer.
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    deps.pageViews = createPageViewBuffer(() => stuck, { flushAt: 2, maxBuffered: 4 });
    const phone = createClient(app);
    expect(await trackOk(phone, { visitorId: newVisitorId(), views: [{ pageUrl: '/a' }, { pageUrl: '/b' }] })).toBe(2); // being written
    expect(
      await trackOk(phone, {
        visitorId: newVisitorId(),
        views: [{ pageUrl: '/c' }, { pageUrl: '/d' }, { pageUrl: '/e' }],
      }),
    ).toBe(3);
    expect(await trackOk(phone, { visitorId: newVisitorId(), views: [{ pageUrl: '/f' }, { pageUrl: '/g' }] })).toBe(0);
    expect(await trackOk(phone, { visitorId: newVisitorId(), pageUrl: '/h' })).toBe(1);
    expect(deps.pageViews.stats()).toMatchObject({ buffered: 4, dropped: 2 });
    release();
    await deps.pageViews.flush();
  });

  it('refuses a beacon from another site (CSRF check) and takes one with our Origin', async () => {
    const { app } = await setUp();
    const body = { visitorId: newVisitorId(), pageUrl: '/' };
    await expectError(
      await track(createClient(app), body, { headers: { origin: 'https://evil.example' } }),
      403,
      'cross_site_request',
    );
    expect(await trackOk(createClient(app), body, { headers: { origin: 'http://localhost:3000' } })).toBe(1);
  });
});
