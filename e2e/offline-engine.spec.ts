import { expect, test, type Page, type Route } from '@playwright/test';
import { signIn } from './support/fixtures.ts';
import {
  answeredRequests,
  cached,
  controlledByServiceWorker,
  fireOutboxSync,
  liveListing,
  outboxItems,
  readStore,
  register,
} from './support/offline.ts';
import { fillWizardUpToPhotos, noisyPhoto } from './support/wizard.ts';

// Issue 20, the outbox engine: the last tap wins, slow uplinks, items that fail without an
// HTTP answer, Background Sync that fires while a page is sending, and an expired session.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

const saveButton = (title: string) => ({ name: `Save ${title}` });
const removeButton = (title: string) => ({ name: `Remove ${title} from saved properties` });
const favoriteIds = async (page: Page) =>
  ((await (await page.request.get('/api/favorites')).json()) as { id: string }[]).map((property) => property.id);

test('point 4: a save then an un-save on weak signal ends un-saved: the wish in flight is neither deleted nor sent again after the newer one', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Abena');
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();
  await cached(page, 'favorites');

  // Weak signal: the first save is sent, and its answer never comes.
  let held: Route | undefined;
  await context.route('**/api/favorites/**', (route) => {
    if (!held && route.request().method() === 'POST') held = route;
    else void route.continue();
  });
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect.poll(() => held !== undefined).toBe(true);
  // While it is in flight, the person changes their mind.
  await page.getByRole('button', removeButton(listing.title)).click();
  await expect(page.getByRole('button', saveButton(listing.title))).toHaveAttribute('aria-pressed', 'false');
  await held!.abort('timedout');
  await context.unroute('**/api/favorites/**');

  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
  expect(await favoriteIds(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', saveButton(listing.title))).toHaveAttribute('aria-pressed', 'false');
});

test('point 5: a listing whose photo takes longer than 10 s on a slow uplink arrives, with upload progress shown', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await register(page.request, 'owner', 'Kwesi');
  const creates = answeredRequests(context, 'POST', /^\/api\/properties\/?$/);
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  const title = `Slow uplink house ${Date.now().toString(36)}`;
  await fillWizardUpToPhotos(page, title);
  await page.getByLabel(/^Photos/).setInputFiles([await noisyPhoto('yard.jpg', 900, 700)]);
  await expect(page.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem')).toHaveCount(1);
  await expect
    .poll(async () => (await readStore<{ photos: unknown[] }>(page, 'efie-drafts', 'drafts'))[0]?.photos.length ?? 0)
    .toBe(1);
  const bytes = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('efie-drafts');
        open.onsuccess = () => {
          const all = open.result.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => resolve((all.result as { photos: { blob: Blob }[] }[])[0]!.photos[0]!.blob.size);
        };
      }),
  );
  // Sent as base64 in JSON: the upload takes about 20 s, twice the old whole-request timeout.
  const uploadThroughput = Math.round((bytes * 1.34) / 20);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: 200_000,
    uploadThroughput,
  });

  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect.soft(page.getByRole('progressbar', { name: /photo 1 of 1/ })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => creates.length, { timeout: 120_000, message: `a ${bytes}-byte photo at ${uploadThroughput} B/s` })
    .toBe(1);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const mine = (await (await page.request.get('/api/user/properties')).json()) as { title: string; images: string[] }[];
  expect(mine.filter((property) => property.title === title).map((property) => property.images.length)).toEqual([1]);
});

test('point 5: an item that fails without an HTTP answer does not block the items behind it, and after its attempts is "Not sent" with the reason and Try again', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Kojo');
  const me = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();
  await cached(page, 'favorites');

  // An item written by a newer version of Efie (then rolled back): this version cannot send it.
  await page.evaluate(
    (ownerId) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('efie-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('items');
        open.onsuccess = () => {
          const tx = open.result.transaction('items', 'readwrite');
          tx.objectStore('items').put(
            {
              id: 'from-a-newer-version',
              kind: 'review',
              ownerId,
              createdAt: Date.now() - 60_000,
              label: 'Review of a stay',
              status: 'waiting',
              attempts: 0,
              nextAttemptAt: 0,
            },
            'from-a-newer-version',
          );
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    me,
  );
  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', { name: '2 waiting to send' })).toBeVisible();

  // The app is closed; Background Sync sends what it can: the favourite behind the unknown item.
  const probe = await context.newPage();
  await page.close();
  await context.setOffline(false);
  await probe.goto('/api/health');
  await fireOutboxSync(context, probe, baseURL!);
  await expect.poll(() => favoriteIds(probe), { timeout: 30_000 }).toEqual([listing.id]);

  // The app again: the unknown item is tried a few more times, then shown as not sent, with why.
  const app = await context.newPage();
  await app.goto('/');
  await expect(app.getByRole('button', { name: '1 not sent, 0 waiting' })).toBeVisible({ timeout: 90_000 });
  await app.getByRole('button', { name: '1 not sent, 0 waiting' }).click();
  const panel = app.getByRole('list', { name: 'Waiting to send' });
  await expect(panel.getByRole('alert')).toContainText('this version of Efie cannot send it');
  await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect((await outboxItems(app)).map((item) => item.id)).toEqual(['from-a-newer-version']);
});

test('point 8: Background Sync that fires while a page is sending waits for it, then sends what is left', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Esi');
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();
  await cached(page, 'favorites');
  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();

  const probe = await context.newPage();
  await page.close();
  await context.setOffline(false);
  await probe.goto('/api/health');
  // Another page holds the outbox's lock (it is sending, say) when the browser fires `sync`.
  await probe.evaluate(
    () =>
      new Promise<void>((acquired) => {
        void navigator.locks.request(
          'efie-outbox',
          () =>
            new Promise<void>((release) => {
              (window as unknown as { releaseOutbox: () => void }).releaseOutbox = release;
              acquired();
            }),
        );
      }),
  );
  let fired = false;
  void fireOutboxSync(context, probe, baseURL!).then(() => (fired = true));
  // The worker either waits for the lock (a pending request) or has given up already (old code).
  const workerWaits = () =>
    probe.evaluate(async () =>
      ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name === 'efie-outbox'),
    );
  await expect.poll(async () => fired || (await workerWaits()), { timeout: 15_000 }).toBe(true);
  expect(await workerWaits(), 'the worker waits for the lock').toBe(true);
  await probe.evaluate(() => (window as unknown as { releaseOutbox: () => void }).releaseOutbox());
  await expect.poll(() => favoriteIds(probe), { timeout: 30_000 }).toEqual([listing.id]);
  await expect.poll(async () => (await outboxItems(probe)).length).toBe(0);
});

test('401: a queued favourite whose session expired is kept, the bar says "Sign in to send", and it is sent once the same person signs in', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const listing = await liveListing(baseURL!);
  const renter = await register(page.request, 'renter', 'Adwoa');
  const sent = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();
  await cached(page, 'favorites');
  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const [item] = await outboxItems(page);

  // The session ends while the phone is offline (it expired, or was ended from another device).
  await context.clearCookies();
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: 'Sign in to send' })).toBeVisible({ timeout: 30_000 });
  expect(await outboxItems(page)).toEqual([expect.objectContaining({ id: item!.id, status: 'waiting' })]);
  expect(sent).toEqual([]);

  await page.getByRole('link', { name: 'Sign in to send' }).click();
  await signIn(page, renter.email, renter.password);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  expect(sent).toEqual([item!.id]);
  expect(await favoriteIds(page)).toEqual([listing.id]);
});
