import { expect } from 'vitest';
import type { Database } from '../events/store/sql.ts';
import type { RecentVisitorsAnswer, TrackVisitorBody, VisitorAnalytics } from '../api/contract/analytics.schema.ts';
import { createAdmin } from './accounts.ts';
import { createClient, createTestApp } from './test-app.ts';

type Client = ReturnType<typeof createClient>;

let counter = 0;
/** A device id in the spec's form that no other test of the file uses. */
/** A phone's browser: Node's own user agent ("node") is a bot to isbot, and bots are not counted. */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

export const newVisitorId = () => `visitor_${Date.now()}_t${(counter++).toString(36)}`;

/** What navigator.sendBeacon sends for a string: text/plain. `from` is the address a local proxy reports. */
export function track(
  client: Client,
  body: TrackVisitorBody | string,
  { from = '8.8.8.8', headers = {} }: { from?: string; headers?: Record<string, string> } = {},
) {
  return client.request('/api/analytics/track-visitor', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': from, ...headers },
  });
}

export async function trackOk(
  client: Client,
  body: TrackVisitorBody,
  options: Parameters<typeof track>[2] = {},
): Promise<number> {
  const res = await track(client, body, options);
  const text = await res.text();
  expect(res.status, text).toBe(202);
  return (JSON.parse(text) as { accepted: number }).accepted;
}

export async function visitorAnalytics(admin: Client, days?: number): Promise<VisitorAnalytics> {
  const res = await admin.request(`/api/admin/visitor-analytics${days === undefined ? '' : `?days=${days}`}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as VisitorAnalytics;
}

export async function recentVisitors(admin: Client, limit?: number) {
  const res = await admin.request(`/api/admin/recent-visitors${limit === undefined ? '' : `?limit=${limit}`}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as RecentVisitorsAnswer).visitors;
}

/** Row counts of every analytics table: "nothing written" is all zeros. */
export async function analyticsRowCounts(db: Database) {
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*) from page_views)::int as page_views, (select count(*) from visitors)::int as visitors,
            (select count(*) from visitor_days)::int as visitor_days, (select count(*) from analytics_daily)::int as analytics_daily,
            (select count(*) from page_daily)::int as page_daily`,
  );
  return row!;
}

/** The app with a clock the test moves (from `start`), and an admin signed in on `admin`. */
export async function analyticsApp(db: Database, start: Date) {
  let now = start;
  const testApp = await createTestApp(db, { clock: () => now });
  const admin = createClient(testApp.app);
  await createAdmin(testApp, admin);
  return {
    ...testApp,
    admin,
    setNow: (at: Date) => {
      now = at;
    },
  };
}
