import {
  devices,
  expect,
  request,
  test,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import type { UsersAnalytics, VisitorAnalytics } from '../api/contract/analytics.schema.ts';
import { signUp } from './support/api.ts';
import { appReady, expectAccessible, signIn, toasts, unique } from './support/fixtures.ts';

type Beacon = { visitorId: string; views: { pageUrl: string; pageTitle?: string; viewedAt?: number }[] };

/**
 * Every track-visitor beacon a context sends. Chromium does not show a beacon's Blob body to
 * Playwright, so a spy on navigator.sendBeacon keeps what the app handed over; the requests
 * themselves are watched on the network for their answers.
 */
async function beaconsOf(context: BrowserContext) {
  await context.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const bodies: string[] = [];
    Object.assign(window, { efieBeacons: bodies });
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => bodies.push(text));
      return send(url, data);
    };
  });
  const requests: Request[] = [];
  context.on('request', (sent) => {
    if (sent.url().endsWith('/api/analytics/track-visitor') && sent.method() === 'POST') requests.push(sent);
  });
  return {
    requests,
    /** The beacons the page sent, read back from the spy (the page must still be open). */
    bodies: async (page: Page) =>
      (await page.evaluate(() => (window as unknown as { efieBeacons: string[] }).efieBeacons)).map(
        (text) => JSON.parse(text) as Beacon,
      ),
  };
}

/** What a phone does when the person switches apps: the page becomes hidden. */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** The figure under a label in one of the tab's tiles. */
const stat = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
const count = (value: number) => value.toLocaleString('en-US');
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

test('a visitor browses and registers; an admin at a desktop finds them in User Analytics, changes the timeframe, and manages admins', async ({
  browser,
  baseURL,
}) => {
  // The visitor, on a phone, service worker and all. The device's user agent matters: the server
  // does not count a headless browser's own ("HeadlessChrome"), as it does not count bots.
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL: baseURL! });
  const beacons = await beaconsOf(phone);
  const visitor = await phone.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
  // A view is counted by the app, which takes over the page the server drew after its first paint
  // (ADR 280): a visitor who searched before it ran would leave / uncounted, as one who left did before.
  await appReady(visitor);
  await visitor.getByLabel('Where do you want to live?').fill('Accra');
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(visitor).toHaveURL(/\/search\?location=Accra$/);
  await visitor.getByRole('article').first().getByRole('link').first().click();
  await expect(visitor).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
  const propertyId = new URL(visitor.url()).pathname.split('/').pop()!;
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();

  await visitor.getByRole('link', { name: /^Contact (Landlord|Agent)$/ }).click();
  await expect(visitor.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const firstName = `Visitor${unique()}`;
  const email = `${firstName.toLowerCase()}@example.com`;
  await visitor.getByLabel('First name').fill(firstName);
  await visitor.getByLabel('Last name').fill('Analytics');
  await visitor.getByRole('textbox', { name: 'Email' }).fill(email);
  await visitor.getByRole('combobox', { name: 'Account type' }).click();
  await visitor.getByRole('option', { name: 'Renter' }).click();
  await visitor.getByLabel('Password', { exact: true }).fill('visitor-Password-1');
  await visitor.getByLabel('Confirm password', { exact: true }).fill('visitor-Password-1');
  await visitor.getByRole('button', { name: 'Create Account' }).click();
  await expect(visitor).toHaveURL(/\/verify-email$/);

  // The fifth view fills a batch; hiding the page sends whatever is left. Wait for the beacons, not a time.
  const pages = [
    '/',
    '/search?location=Accra',
    `/property/${propertyId}`,
    `/register?action=contact&propertyId=${propertyId}`,
    '/verify-email',
  ];
  await hidePage(visitor);
  await expect
    .poll(async () => (await beacons.bodies(visitor)).flatMap((body) => body.views.map((view) => view.pageUrl)))
    .toEqual(pages);
  const sent = await beacons.bodies(visitor);
  // One device id, the one kept in local storage, in the spec's form.
  const visitorId = (await visitor.evaluate(() => localStorage.getItem('efie.visitorId')))!;
  expect(visitorId).toMatch(/^visitor_\d+_[A-Za-z0-9]+$/);
  expect(sent.map((body) => body.visitorId)).toEqual(sent.map(() => visitorId));
  // Batched: not one request per page.
  expect(sent.length).toBeLessThan(pages.length);
  await expect.poll(() => beacons.requests.length).toBe(sent.length);
  for (const request of beacons.requests) expect((await request.response())?.status()).toBe(202);

  // The admin, at a desktop. Their own page views are answered here without reaching the server,
  // so the figures compared below cannot move while the test reads them.
  const desk = await browser.newContext({
    baseURL: baseURL!,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  await desk.route('**/api/analytics/track-visitor', (route) => route.fulfill({ status: 202, json: { accepted: 0 } }));
  const page = await desk.newPage();
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const answer = async <T>(path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  // The views are taken (202); wait until the server counts them before opening the tab.
  await expect
    .poll(async () => {
      const { visitors } = await answer<{ visitors: { visitorId: string; pagesViewed: number }[] }>(
        '/api/admin/recent-visitors?limit=200',
      );
      return visitors.find((row) => row.visitorId === visitorId)?.pagesViewed;
    })
    .toBe(pages.length);

  await page.goto('/admin/image-approval');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'Properties',
    'Featured',
    'Admin Management',
    'User Analytics',
    'Settings',
    'Messages',
    'Reports',
    'Reviews',
    'Agents',
    'Delivery',
  ]);
  await page.getByRole('tab', { name: 'User Analytics' }).click();

  // User counts, as the server counts them.
  const users = await answer<UsersAnalytics>('/api/admin/users-analytics');
  const usersCard = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Users', exact: true }) });
  await expect(stat(usersCard, 'Total users')).toHaveText(count(users.totalUsers));
  await expect(stat(usersCard, 'Renters')).toHaveText(count(users.byAccountType.renter));
  await expect(stat(usersCard, 'Admins')).toHaveText(count(users.admins));
  await expect(stat(usersCard, 'New in 7 days')).toHaveText(count(users.newLast7Days));
  expect(users.newLast7Days).toBeGreaterThanOrEqual(1);

  // The visitor among the recent visitors: registered, named, five pages, landed on the home page.
  const recent = page.getByRole('region', { name: 'Recent visitors' });
  const row = recent.getByRole('row').filter({ has: page.getByRole('rowheader', { name: visitorId }) });
  await expect(row.getByText('Registered', { exact: true })).toBeVisible();
  await expect(row).toContainText(`${firstName} Analytics`);
  await expect(row).toContainText(email);
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(pages.length));
  await expect(row.getByRole('cell').nth(4)).toHaveText('/');

  // 30 days by default: the totals, the conversion rate and the chart are the server's figures.
  const visitors = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Visitors', exact: true }) });
  const timeframe = page.getByRole('radiogroup', { name: 'Timeframe' });
  await expect(timeframe.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true');
  const month = await answer<VisitorAnalytics>('/api/admin/visitor-analytics?days=30');
  expect(month.uniqueVisitors).toBeGreaterThanOrEqual(1);
  expect(month.daily.at(-1)!.pageViews).toBeGreaterThanOrEqual(pages.length);
  await expect(visitors.getByText(`Last 30 days: ${shortDay(month.from)} to ${shortDay(month.to)}`)).toBeVisible();
  await expect(stat(visitors, 'Page views')).toHaveText(count(month.totalVisitors));
  await expect(stat(visitors, 'Unique visitors')).toHaveText(count(month.uniqueVisitors));
  await expect(stat(visitors, 'Registered users')).toHaveText(count(month.registeredUsers));
  await expect(stat(visitors, 'Conversion rate')).toHaveText(`${month.conversionRate.toFixed(1)}%`);
  const chart = page.getByRole('img', { name: 'Visitors and page views per day' });
  await expect(chart).toHaveAccessibleDescription(
    new RegExp(`^${count(month.totalVisitors)} page views from ${shortDay(month.from)} to ${shortDay(month.to)}`),
  );
  await visitors.getByText('Show as table').click();
  const dayRows = page.getByRole('region', { name: 'Visitors and page views per day, as a table' }).getByRole('row');
  await expect(dayRows).toHaveCount(30 + 1);
  const today = month.daily.at(-1)!;
  await expect(dayRows.last()).toHaveText(`${shortDay(today.date)}${count(today.visitors)}${count(today.pageViews)}`);
  const topPages = visitors.getByRole('table', { name: 'Top pages' }).getByRole('row');
  await expect(topPages.nth(1)).toHaveText(`${month.topPages[0]!.page}${count(month.topPages[0]!.views)}`);
  await expectAccessible(page, 'user analytics');

  // 7 days.
  await timeframe.getByRole('radio', { name: '7 days' }).click();
  await expect(timeframe.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true');
  const week = await answer<VisitorAnalytics>('/api/admin/visitor-analytics?days=7');
  await expect(visitors.getByText(`Last 7 days: ${shortDay(week.from)} to ${shortDay(week.to)}`)).toBeVisible();
  await expect(stat(visitors, 'Page views')).toHaveText(count(week.totalVisitors));
  await expect(stat(visitors, 'Unique visitors')).toHaveText(count(week.uniqueVisitors));
  await expect(dayRows).toHaveCount(7 + 1);
  await expectAccessible(page, 'user analytics, 7 days');

  // Admin Management: grant another account, then revoke it.
  const other = await request.newContext({ baseURL: baseURL! });
  const grantee = await signUp(other, 'owner', 'Efua');
  await page.getByRole('tab', { name: 'Admin Management' }).click();
  await page.getByRole('textbox', { name: 'Email address' }).fill(grantee.email);
  await page.getByRole('button', { name: 'Grant admin' }).click();
  await expect(toasts(page).getByText('Efua Tester is now an admin.')).toBeVisible();
  const granted = page.getByRole('list', { name: 'Admins' }).getByRole('listitem').filter({ hasText: grantee.email });
  await granted.getByRole('button', { name: 'Revoke admin rights of Efua Tester' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke admin rights?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(toasts(page).getByText('Efua Tester is no longer an admin.')).toBeVisible();
  await expect(granted).toHaveCount(0);
  expect((await other.get('/api/admin/admins')).status()).toBe(403);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expectAccessible(page, 'admin settings');

  await other.dispose();
  await desk.close();
  await phone.close();
});
