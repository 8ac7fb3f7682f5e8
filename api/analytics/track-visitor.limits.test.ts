import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_VIEWS_PER_BEACON } from '../contract/analytics.schema.ts';
import { OTHER_PAGE } from '../contract/app-routes.ts';
import { registerVerifiedUser } from '../../testing/accounts.ts';
import { analyticsApp, newVisitorId, trackOk, visitorAnalytics } from '../../testing/analytics.ts';
import { approveListing, createListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { VIEW_RATE_LIMITS } from './view-rate-limit.ts';

// Analytics that cannot fill the disk (docs/decisions/110): views are counted under the app's
// routes, and each client address and device has a rate limit past which views are dropped.

const database = useMigratedDatabase();
const NOW = new Date('2026-03-10T12:00:30.000Z');
const MINUTE = 60_000;

const setUp = () => analyticsApp(database(), NOW);

const beacon = (visitorId: string, pages: readonly string[]) => ({
  visitorId,
  views: pages.map((pageUrl) => ({ pageUrl })),
});
const full = (page = '/') => Array.from({ length: MAX_VIEWS_PER_BEACON }, () => page);

describe('track-visitor: made-up paths', () => {
  it('counts 20 beacons of 20 random 1.5 KB paths under one "other" row, and stores no path longer than a route', async () => {
    const { app, deps } = await setUp();
    for (let n = 0; n < 20; n++) {
      const pages = Array.from({ length: MAX_VIEWS_PER_BEACON }, () => `/${randomBytes(750).toString('hex')}`);
      expect(await trackOk(createClient(app), beacon(newVisitorId(), pages), { from: `41.66.${n}.7` })).toBe(
        MAX_VIEWS_PER_BEACON,
      );
    }
    await deps.pageViews.flush();
    expect(await deps.db.query('select page, views from page_daily')).toEqual([{ page: OTHER_PAGE, views: 400 }]);
    const [longest] = await deps.db.query<{ n: number }>(
      'select greatest((select max(length(page)) from page_views), (select max(length(landing_page)) from visitors))::int as n',
    );
    expect(longest!.n).toBe(OTHER_PAGE.length);
  });

  it('counts real screens under their route, whatever query string or case, and a path over 512 characters as "other"', async () => {
    const { app, deps, admin } = await setUp();
    const pages = [
      '/search?location=Accra',
      '/SEARCH/',
      '/services#top',
      `/search/${'a'.repeat(600)}`,
      `/contact-landlord/${crypto.randomUUID()}`,
    ];
    expect(await trackOk(createClient(app), beacon(newVisitorId(), pages))).toBe(5);
    await deps.pageViews.flush();
    expect((await visitorAnalytics(admin, 7)).topPages).toEqual([
      { page: '/search', views: 2 },
      { page: '/contact-landlord/$id', views: 1 },
      { page: OTHER_PAGE, views: 1 },
      { page: '/services', views: 1 },
    ]);
  });

  it("keeps a listing's id while the listing exists, and counts a made-up or deleted one as the route", async () => {
    const { app, deps, admin } = await setUp();
    const host = createClient(app);
    await registerVerifiedUser(app, host, { userType: 'owner' });
    const live = await createListing(host);
    await approveListing(admin, live.id);
    const pending = await createListing(host, { title: 'Not yet approved' });
    const gone = await createListing(host, { title: 'Soon deleted' });
    const madeUp = crypto.randomUUID();

    const phone = createClient(app);
    const visitorId = newVisitorId();
    await trackOk(
      phone,
      beacon(visitorId, [
        `/property/${live.id}`,
        `/property/${live.id.toUpperCase()}`,
        `/property/${pending.id}`,
        `/property/${madeUp}`,
        `/property/${gone.id}`,
      ]),
    );
    await deps.pageViews.flush();
    expect((await host.request(`/api/properties/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    await trackOk(phone, beacon(visitorId, [`/property/${gone.id}`, `/property/${live.id}`]));
    await deps.pageViews.flush();

    const pages = await deps.db.query<{ page: string; views: number }>(
      'select page, views from page_daily order by page',
    );
    expect(pages).toEqual(
      [
        { page: `/property/${live.id}`, views: 3 },
        { page: `/property/${pending.id}`, views: 1 },
        // Counted with its id while it existed, as the route once deleted.
        { page: `/property/${gone.id}`, views: 1 },
        { page: '/property/$id', views: 2 },
      ].sort((a, b) => (a.page < b.page ? -1 : 1)),
    );
    expect(pages.some((row) => row.page.includes(madeUp))).toBe(false);
  });
});

describe('track-visitor: rate limits', () => {
  it(`takes at most ${VIEW_RATE_LIMITS.perVisitorPerMinute} views a minute from one device, the rest dropped and counted, still 202`, async () => {
    const { app, deps, setNow } = await setUp();
    const phone = createClient(app);
    const visitorId = newVisitorId();
    const accepted = [];
    for (let n = 0; n < 4; n++) accepted.push(await trackOk(phone, beacon(visitorId, full()), { from: '154.160.1.1' }));
    expect(accepted).toEqual([20, 20, 20, 0]);
    // Part of a beacon counts: the first views up to the limit.
    setNow(new Date(NOW.getTime() + MINUTE));
    expect(await trackOk(phone, beacon(visitorId, full()), { from: '154.160.1.1' })).toBe(20);
    expect(await trackOk(phone, beacon(visitorId, full()), { from: '154.160.1.1' })).toBe(20);
    expect(
      await trackOk(
        phone,
        beacon(
          visitorId,
          Array.from({ length: 15 }, () => '/search'),
        ),
        { from: '154.160.1.1' },
      ),
    ).toBe(15);
    expect(await trackOk(phone, beacon(visitorId, full()), { from: '154.160.1.1' })).toBe(5);
    expect(deps.viewRateLimit.refused()).toBe(20 + 15);
    await deps.pageViews.flush();
    expect(deps.pageViews.stats()).toMatchObject({ written: 60 + 60 });
  });

  it(`takes at most ${VIEW_RATE_LIMITS.perAddressPerMinute} views a minute from one address (IPv6 by /64), whatever device ids it makes up`, async () => {
    const { app, setNow } = await setUp();
    const from = (n: number) => ({ from: `2001:db8:5:7::${n.toString(16)}` });
    const accepted = [];
    for (let n = 0; n < 7; n++)
      accepted.push(await trackOk(createClient(app), beacon(newVisitorId(), full()), from(n + 1)));
    expect(accepted).toEqual([20, 20, 20, 20, 20, 20, 0]);
    // Another client is not held back by this one.
    expect(await trackOk(createClient(app), beacon(newVisitorId(), full()), { from: '2001:db8:5:8::1' })).toBe(20);
    expect(await trackOk(createClient(app), beacon(newVisitorId(), full()), { from: '41.66.0.9' })).toBe(20);
    // The next minute the address counts again.
    setNow(new Date(NOW.getTime() + MINUTE));
    expect(await trackOk(createClient(app), beacon(newVisitorId(), full()), from(99))).toBe(20);
  });

  it('takes the per-address limit from ANALYTICS_VIEWS_PER_MINUTE', async () => {
    const { app } = await createTestApp(database(), { clock: () => NOW, config: { analyticsViewsPerMinute: 30 } });
    const accepted = [];
    for (let n = 0; n < 3; n++)
      accepted.push(await trackOk(createClient(app), beacon(newVisitorId(), full()), { from: '102.176.4.4' }));
    expect(accepted).toEqual([20, 10, 0]);
  });
});
