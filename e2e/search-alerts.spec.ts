import { expect, request, test } from '@playwright/test';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { controlledByServiceWorker } from './support/offline.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';

// Search alerts (issue 33, docs/decisions/370): a renter saves a search; an admin approves a listing
// that matches and the alert goes out (by e-mail here: the e2e server has no VAPID keys, and Debian's
// headless Chromium cannot subscribe to a push service anyway). The service worker's side of push is
// proven through the DevTools protocol: a push shows the listing's notification, and a tap on it
// opens the listing. The e-mail's link stops the alerts in one tap.

test.use({ viewport: { width: 360, height: 740 } });

type OutboxMessage = { subject: string | null; text: string };

test('a renter saves a search, a matching listing is approved and the alert names it; one tap stops the alerts', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const renter = await signUp(page.request, 'renter', 'Akosua');
  // A town of the gazetteer few journeys list in, and a band typed to the cedi.
  await page.goto('/search?location=Dambai&maxPrice=1234');
  await page.getByRole('button', { name: 'Alert me about new homes like these' }).click();
  await expect(toasts(page).getByText('Search alert saved')).toBeVisible();
  await expect(page.getByText('Saved. We will tell you when a new home matches this search.')).toBeVisible();
  await expect(page.getByText('Alerts come by e-mail or SMS, at most one a day for each search.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'search-alert-saved');

  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Kojo');
  const admin = await adminApi(baseURL!);
  // Too dear for the search: no alert.
  const dear = await createListing(host, {
    title: `Dear flat in Dambai ${unique()}`,
    city: 'Dambai',
    region: 'Oti',
    pricePerNight: 1235,
  });
  await approve(admin, dear.id);
  const title = `Chamber and hall in Dambai ${unique()}`;
  const match = await createListing(host, { title, city: 'Dambai', region: 'Oti', pricePerNight: 1234 });
  await approve(admin, match.id);

  const alerts = async () => {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(renter.email)}`);
    const { messages } = (await res.json()) as { messages: OutboxMessage[] };
    return messages.filter((m) => m.subject?.startsWith('A new home for your search'));
  };
  await expect.poll(async () => (await alerts()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await alerts();
  expect(mail!.text).toContain(title);
  expect(mail!.text).toContain(`/property/${match.id}`);
  expect(mail!.text).not.toContain('Dear flat');

  await page.goto('/dashboard');
  const list = page.getByRole('list', { name: 'Search alerts' });
  await expect(list.getByRole('heading', { name: 'Dambai' })).toBeVisible();
  await expect(list.getByText('1 alert sent')).toBeVisible();
  await expectAccessible(page, 'the dashboard with a search alert');
  await list.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'search-alerts-dashboard');

  // One tap on the e-mail's link: no more alerts.
  const link = /To stop them: (\S+)/.exec(mail!.text)![1]!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'No more alerts' })).toBeVisible();
  await saveScreenshot(page, 'search-alert-unsubscribed');
  await page.goto('/dashboard');
  await expect(page.getByText('No search alerts yet.')).toBeVisible();
});

test('the service worker shows a pushed alert, and tapping it opens the listing', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await page.goto('/');
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.ready))).toBe(true);

  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Ama');
  const title = `Pushed flat ${unique()}`;
  const listing = await createListing(host, { title });
  await approve(await adminApi(baseURL!), listing.id);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    title: 'New on Efie: Tamale',
    body: `${title} · Tamale · GH₵1,200`,
    url: `/property/${listing.id}`,
    tag: 'saved-search-e2e',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
        })),
      ),
    )
    .toEqual([{ title: 'New on Efie: Tamale', body: payload.body }]);

  // The browser's tap, as the worker receives it: the open window goes to the listing.
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('a search alert saved offline is kept on the phone and saved once back online', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'renter', 'Efua');
  await page.goto('/search?location=Aflao&bedrooms=2');
  await expect(page.getByRole('heading', { name: /Aflao/ })).toBeVisible();
  // Installed: the button's code comes from the service worker's precache, as on a renter's phone.
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Alert me about new homes like these' }).click();
  await expect(toasts(page).getByText('Saved on your phone')).toBeVisible();
  await expect(page.getByText('You are offline: this search alert is kept on your phone')).toBeVisible();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  await saveScreenshot(page, 'search-alert-queued');

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toHaveCount(0, { timeout: 30_000 });
  await page.goto('/dashboard');
  const list = page.getByRole('list', { name: 'Search alerts' });
  await expect(list.getByRole('heading', { name: 'Aflao' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});
