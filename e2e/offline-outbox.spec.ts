import { expect, test, type Route } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';
import {
  answeredRequests,
  cached,
  controlledByServiceWorker,
  eventCount,
  fireOutboxSync,
  hideListing,
  liveListing,
  offlineIndicator,
  outboxItems,
  register,
} from './support/offline.ts';

// Issue 6, "done when" 2, 3 and 7: actions taken offline wait in the IndexedDB outbox,
// reach the server exactly once, and a refusal is shown instead of retried forever.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

const saveButton = (title: string) => ({ name: `Save ${title}` });
const removeButton = (title: string) => ({ name: `Remove ${title} from saved properties` });

test('a favourite set offline survives two reloads as one outbox item, reaches the server once, and a replay changes nothing', async ({
  page,
  context,
  baseURL,
}) => {
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Kwame');
  const sent = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();
  await cached(page, 'favorites');
  await cached(page, 'properties', 'detail', listing.id);

  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', removeButton(listing.title))).toBeVisible();
  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(offlineIndicator(page)).toBeVisible();
    await expect(page.getByRole('button', removeButton(listing.title))).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  }
  const [item, ...others] = await outboxItems(page);
  expect(others).toEqual([]);
  expect(item).toMatchObject({ kind: 'favorite', propertyId: listing.id, favorite: true, status: 'waiting' });
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  expect(sent).toEqual([item!.id]);
  const favorites = (await (await page.request.get('/api/favorites')).json()) as { id: string }[];
  expect(favorites.map((favorite) => favorite.id)).toEqual([listing.id]);

  // The same item sent again (a lost answer, a second tab): the server answers from its record.
  const before = await eventCount(page.request);
  const replay = await page.request.post(`/api/favorites/${listing.id}`, { headers: { 'Idempotency-Key': item!.id } });
  expect(replay.ok()).toBe(true);
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  expect(await eventCount(page.request)).toBe(before);
  expect(((await (await page.request.get('/api/favorites')).json()) as unknown[]).length).toBe(1);
});

test('with every API call hanging, a favourite stays queued and is sent once calls succeed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Efua');
  const sent = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();

  // No data balance: the network is up, but no API call ever answers.
  const hanging: Route[] = [];
  await context.route('**/api/**', (route) => void hanging.push(route));
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', removeButton(listing.title))).toBeVisible();
  await expect
    .poll(async () => (await outboxItems(page))[0]?.attempts ?? 0, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const [item] = await outboxItems(page);
  expect(item).toMatchObject({ kind: 'favorite', status: 'waiting' });
  expect(sent).toEqual([]);

  await context.unroute('**/api/**');
  await Promise.all(hanging.map((route) => route.abort().catch(() => undefined)));
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 90_000 }).toBe(0);
  expect(sent).toEqual([item!.id]);
  const favorites = (await (await page.request.get('/api/favorites')).json()) as { id: string }[];
  expect(favorites.map((favorite) => favorite.id)).toEqual([listing.id]);
});

test('a queued favourite the server refuses (the listing was taken down) is shown with the reason and not retried', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Akua');
  const sent = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await expect(page.getByRole('button', saveButton(listing.title))).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  await hideListing(baseURL!, listing.id);

  await context.setOffline(false);
  await expect(page.getByRole('button', { name: '1 not sent, 0 waiting' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '1 not sent, 0 waiting' }).click();
  const panel = page.getByRole('list', { name: 'Waiting to send' });
  await expect(panel.getByRole('alert')).toContainText('Not sent:');
  await expectAccessible(page, 'offline bar with a refused item');
  const [item] = await outboxItems(page);
  expect(item).toMatchObject({ status: 'failed', error: expect.any(String) });
  expect(sent).toHaveLength(1);

  // Not retried: not after a reload, not when the page comes back, not on a timer. The page's
  // clock is driven past the outbox's timer (at most 30 s) and its longest back-off (about a
  // minute); then a favourite saved afterwards is the witness: the outbox sends oldest first,
  // so once the witness has arrived, a retry of the refused item would have been sent before it.
  const witness = await liveListing(baseURL!);
  await page.clock.install();
  await page.goto('/search?location=Accra');
  await expect(page.getByRole('button', { name: '1 not sent, 0 waiting' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.clock.fastForward('02:00');
  await page
    .getByRole('article')
    .filter({ hasText: witness.title })
    .getByRole('button', saveButton(witness.title))
    .click();
  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/favorites')).json()) as { id: string }[]).map((favorite) => favorite.id),
    )
    .toEqual([witness.id]);
  await expect.poll(async () => (await outboxItems(page)).length).toBe(1);
  expect(sent.filter((key) => key === item!.id)).toHaveLength(1);
  expect(sent).toHaveLength(2);
  expect(await outboxItems(page)).toEqual([
    expect.objectContaining({ id: item!.id, status: 'failed', attempts: item!.attempts }),
  ]);

  // Discarding it clears the outbox.
  await page.getByRole('button', { name: '1 not sent, 0 waiting' }).click();
  await page.getByRole('list', { name: 'Waiting to send' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: /not sent|waiting to send/ })).toHaveCount(0);
  expect(await outboxItems(page)).toEqual([]);
});

test('a listing edit saved offline waits in the outbox, shows on the device, and is sent once online', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await register(page.request, 'owner', 'Nana');
  const listing = await liveListing(baseURL!, undefined, page.request);
  const puts = answeredRequests(context, 'PUT', /^\/api\/properties\//);
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.goto(`/property/${listing.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await cached(page, 'properties', 'detail', listing.id);

  await context.setOffline(true);
  const edited = `${listing.title} with a new roof`;
  await page.getByLabel('Title *').fill(edited);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  expect(puts).toEqual([]);

  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  expect(puts).toHaveLength(1);
  const onServer = (await (await page.request.get(`/api/properties/${listing.id}`)).json()) as {
    title: string;
    isVerified: boolean;
    isActive: boolean;
  };
  expect(onServer).toMatchObject({ title: edited, isVerified: true, isActive: true });
});

test("the service worker's Background Sync event sends what waits, with no Efie page open", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Adjoa');
  const sent = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  await page.goto(`/property/${listing.id}`);
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.getByRole('button', saveButton(listing.title)).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const [item] = await outboxItems(page);

  // The app is closed; only the worker is left. A same-origin page that runs no Efie code
  // lets the test read IndexedDB and reach the worker through the DevTools protocol.
  const probe = await context.newPage();
  await page.close();
  await context.setOffline(false);
  await probe.goto('/api/health');
  await fireOutboxSync(context, probe, baseURL!);
  await expect.poll(async () => (await outboxItems(probe)).length, { timeout: 30_000 }).toBe(0);
  expect(sent).toEqual([item!.id]);
  const favorites = (await (await probe.request.get('/api/favorites')).json()) as { id: string }[];
  expect(favorites.map((favorite) => favorite.id)).toEqual([listing.id]);
});
