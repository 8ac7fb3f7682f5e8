import { devices, expect, request, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { ListingAnalytics } from '../api/contract/listing-analytics.schema.ts';
import { adminApi, approve, createListing, PASSWORD, signUp } from './support/api.ts';
import {
  appReady,
  expectAccessible,
  expectNoSidewaysScroll,
  outboxCode,
  saveScreenshot,
  unique,
  uniquePhone,
} from './support/fixtures.ts';

// What hosts learn from their listings (issue 34, docs/decisions/390): a live listing is seen by
// two visitors and a renter, who taps WhatsApp and starts a conversation; the host's Analytics tab
// shows those views, visitors and contacts for the listing, on a phone.

const PHONE_SCREEN = { width: 360, height: 740 };
test.use({ viewport: PHONE_SCREEN });

/**
 * A phone of its own. Its user agent matters: the server does not count a headless browser's own
 * ("HeadlessChrome"), as it does not count bots.
 */
const phone = (browser: Browser, baseURL: string) =>
  browser.newContext({ ...devices['Pixel 5'], viewport: PHONE_SCREEN, baseURL });

/** What a phone does when the person switches apps: the page becomes hidden and sends its views. */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** The figure under a label, among a card's figures. */
const figure = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();

test('a host sees the views, visitors and contacts of a live listing in the Analytics tab', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The host signs up by phone: WhatsApp goes to the number the account signs in with.
  const host = await request.newContext({ baseURL: baseURL! });
  const hostPhone = uniquePhone();
  const registered = await host.post('/api/auth/register', {
    data: {
      firstName: 'Kofi',
      lastName: 'Tester',
      phone: hostPhone,
      password: PASSWORD,
      userType: 'owner',
      registrationMethod: 'phone',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await host.post('/api/auth/verify-phone-code', {
    data: { code: await outboxCode(host, hostPhone) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const title = `Chamber and hall in Hohoe ${unique()}`;
  const listing = await createListing(host, { title });
  const admin = await adminApi(baseURL!);
  await approve(admin, listing.id);
  await admin.dispose();

  // Two visitors, each on a phone of their own, open the listing and leave.
  for (const _ of [1, 2]) {
    const context = await phone(browser, baseURL!);
    const visitor = await context.newPage();
    await visitor.goto(`/property/${listing.id}?utm_source=whatsapp`);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await appReady(visitor);
    await hidePage(visitor);
    await context.close();
  }

  // A renter opens it signed in, taps WhatsApp, and writes to the host.
  const renterContext = await phone(browser, baseURL!);
  const renter = await renterContext.newPage();
  await signUp(renter.request, 'renter', 'Ama');
  await renter.goto(`/property/${listing.id}`);
  await expect(renter.getByRole('heading', { name: title })).toBeVisible();
  await appReady(renter);
  // No internet here: WhatsApp's page is answered by the test.
  await renter.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>WhatsApp</h1>' }),
  );
  await hidePage(renter);
  await renter.getByRole('button', { name: 'WhatsApp' }).click();
  await expect(renter.getByRole('heading', { name: 'WhatsApp' })).toBeVisible();
  const started = await renter.request.post(`/api/properties/${listing.id}/conversations`, {
    data: { text: 'Hello, is it still available?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };
  await renterContext.close();

  // The views are taken (202) and written in batches: wait until the server counts them.
  await expect
    .poll(async () => {
      const response = await host.get('/api/user/listing-analytics?days=7');
      expect(response.status(), await response.text()).toBe(200);
      const { listings } = (await response.json()) as ListingAnalytics;
      const mine = listings.find((row) => row.listingId === listing.id);
      return mine && [mine.views, mine.visitors, mine.conversations, mine.contacts.whatsapp];
    })
    .toEqual([3, 3, 1, 1]);

  const hostContext = await browser.newContext({ baseURL: baseURL!, viewport: PHONE_SCREEN });
  const page = await hostContext.newPage();
  const signedIn = await page.request.post('/api/auth/login', {
    data: { registrationMethod: 'phone', phone: hostPhone, password: PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  // 30 days to start with; the listing's figures are the totals, since it is the host's one listing.
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  const totals = page.getByRole('region', { name: 'In the last 30 days' });
  await expect(figure(totals, 'Total Views')).toHaveText('3');
  await expect(figure(totals, 'Visitors')).toHaveText('3');
  await expect(figure(totals, 'Conversations')).toHaveText('1');
  await expect(figure(totals, 'WhatsApp')).toHaveText('1');
  await expect(figure(totals, 'Calls')).toHaveText('0');
  // Not answered yet, and under a day old: nothing to say about the answers.
  const answers = page.getByRole('region', { name: 'How you answer' });
  await expect(figure(answers, 'Response rate')).toHaveText('—');
  await expect(answers.getByText('No conversations in the last 30 days yet.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'host-analytics');

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('region', { name: 'In the last 7 days' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Each listing' }).getByRole('listitem').filter({ hasText: title });
  await expect(figure(card, 'Total Views')).toHaveText('3');
  await expect(figure(card, 'Visitors')).toHaveText('3');
  await expect(figure(card, 'Conversations')).toHaveText('1');
  await expect(figure(card, 'WhatsApp')).toHaveText('1');
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'host-analytics-listing');
  await expectAccessible(page, 'host analytics');
  // The renter's first message is not read yet: the quick action to Messages says so.
  const messages = page.getByRole('tabpanel', { name: 'Analytics' }).getByRole('link', { name: 'Messages, 1 unread' });
  await expect(messages).toHaveAttribute('href', '/messages');
  await messages.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'host-analytics-messages-unread');

  // The host answers the first renter and two more; from 3 conversations the listing page says how fast.
  const threads = [
    conversationId,
    ...(await Promise.all(
      ['Esi', 'Yaw'].map(async (name) => {
        const other = await request.newContext({ baseURL: baseURL! });
        await signUp(other, 'renter', name);
        const res = await other.post(`/api/properties/${listing.id}/conversations`, {
          data: { text: 'Is it still available?' },
        });
        expect(res.status(), await res.text()).toBe(201);
        const { conversationId: id } = (await res.json()) as { conversationId: string };
        await other.dispose();
        return id;
      }),
    )),
  ];
  for (const id of threads) {
    const answered = await host.post(`/api/conversations/${id}/messages`, { data: { text: 'Yes, it is.' } });
    expect(answered.status(), await answered.text()).toBe(201);
  }
  const visitorContext = await phone(browser, baseURL!);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/property/${listing.id}`);
  await expect(visitor.getByText('Usually replies within 1 minute')).toBeVisible();
  await visitor.getByText('Usually replies within 1 minute').scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(visitor);
  await saveScreenshot(visitor, 'host-analytics-reply-time');
  await visitorContext.close();

  // Back on the dashboard, the host reads how they answer.
  await page.reload();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const answered = page.getByRole('region', { name: 'How you answer' });
  await expect(figure(answered, 'Response rate')).toHaveText('100%');
  await expect(answered.getByText('3 of 3 answered')).toBeVisible();
  await expect(figure(answered, 'Median reply time')).toHaveText('1 minute');
  // No review yet: a dash, not 0.0.
  await expect(figure(answered, 'Guest rating')).toHaveText('—');
  // Answering read every thread.
  await expect(
    page.getByRole('tabpanel', { name: 'Analytics' }).getByRole('link', { name: 'Messages', exact: true }),
  ).toHaveAttribute('href', '/messages');
  await answered.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'host-analytics-answers');
  await hostContext.close();
  await host.dispose();
});
