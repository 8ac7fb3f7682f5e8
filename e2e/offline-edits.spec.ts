import { expect, request, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';
import {
  answeredRequests,
  cached,
  controlledByServiceWorker,
  liveListing,
  outboxItems,
  persistedCache,
  readStore,
  register,
} from './support/offline.ts';

// Issue 20, points 1, 2 and 3: a listing edit is made against the version the person saw,
// two offline saves of one listing arrive as one, and a refused edit keeps what was typed.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

type OnServer = { title: string; pricePerNight: number; version: number; isActive: boolean };
const onServer = async (api: APIRequestContext, id: string) =>
  (await (await api.get(`/api/properties/${id}`)).json()) as OnServer;

/** The same host on a second device: its own session, the real API. */
async function secondDevice(baseURL: string, account: { email: string; password: string }) {
  const device = await request.newContext({ baseURL });
  const login = await device.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return device;
}

/** A host with a live listing whose edit form has been opened online (so it is cached and its code kept). */
async function hostEditing(page: Page, baseURL: string) {
  const account = await register(page.request, 'owner', 'Esi');
  const listing = await liveListing(baseURL, undefined, page.request);
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.goto(`/property/${listing.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await cached(page, 'properties', 'detail', listing.id);
  return { account, listing };
}

test('point 1: newer data arriving while the edit form is open is shown, field by field, and never silently reverted', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { account, listing } = await hostEditing(page, baseURL!);
  const opened = await onServer(page.request, listing.id);

  // On another device the host raises the price.
  const other = await secondDevice(baseURL!, account);
  expect((await other.put(`/api/properties/${listing.id}`, { data: { pricePerNight: 3000 } })).ok()).toBe(true);
  await other.dispose();

  // The app restarts from its saved copy; the refresh from the server is held until the form is filled.
  const held: Route[] = [];
  let holding = true;
  await page.route(`**/api/properties/${listing.id}`, (route) =>
    holding && route.request().method() === 'GET' ? void held.push(route) : route.fallback(),
  );
  await page.reload();
  await expect(page.getByLabel('Price *')).toHaveValue('2200');
  const title = `${listing.title} with a garden`;
  await page.getByLabel('Title *').fill(title);
  const puts = answeredRequests(context, 'PUT', /^\/api\/properties\//);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  holding = false;
  await Promise.all(held.map((route) => route.fallback()));

  const notice = page.getByRole('region', { name: 'This listing changed since you opened it' });
  await expect(notice).toBeVisible();
  // What was typed stays; the price the form was filled with stays too until the person chooses.
  await expect(page.getByLabel('Title *')).toHaveValue(title);
  await expect(page.getByLabel('Price *')).toHaveValue('2200');

  // Saving before choosing sends nothing: it would undo the other change.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose what to keep' })).toBeVisible();
  expect(puts).toEqual([]);

  await notice.getByRole('button', { name: 'See the differences' }).click();
  const price = notice.getByRole('row', { name: /Price/ });
  await expect(price).toContainText('2200');
  await expect(price).toContainText('3000');
  await expectAccessible(page, 'edit form with the changed-listing notice');
  await price.getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByLabel('Price *')).toHaveValue('3000');
  await expect(notice).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  await expect.poll(async () => (await onServer(page.request, listing.id)).title).toBe(title);
  expect(await onServer(page.request, listing.id)).toMatchObject({ title, pricePerNight: 3000, isActive: true });
  expect(puts).toHaveLength(1);
  expect((await onServer(page.request, listing.id)).version).toBeGreaterThan(opened.version + 1);
});

test('point 2: two offline saves of one listing become one outbox item and both arrive, without a 409', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { listing } = await hostEditing(page, baseURL!);
  const puts = answeredRequests(context, 'PUT', /^\/api\/properties\//);
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.request().method() === 'PUT') statuses.push(response.status());
  });

  await context.setOffline(true);
  for (const title of ['Offline edit one', 'Offline edit two']) {
    await page.goto(`/property/${listing.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
    await page.getByLabel('Title *').fill(title);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  const queued = await outboxItems(page);

  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).map((item) => item.status), { timeout: 30_000 }).toEqual([]);
  expect(await onServer(page.request, listing.id)).toMatchObject({ title: 'Offline edit two' });
  expect(statuses).toEqual([200]);
  expect(puts).toHaveLength(1);
  expect(queued).toHaveLength(1);
});

test('point 3: a queued edit refused with 409 shows yours beside theirs, rolls the cache back, and re-applies yours on the new version', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { account, listing } = await hostEditing(page, baseURL!);

  await context.setOffline(true);
  const mine = `${listing.title} by the sea`;
  await page.getByLabel('Title *').fill(mine);
  await page.getByLabel('Price *').fill('2500');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();

  // Meanwhile, on another device, the title is changed.
  const theirs = `${listing.title} near the station`;
  const other = await secondDevice(baseURL!, account);
  expect((await other.put(`/api/properties/${listing.id}`, { data: { title: theirs } })).ok()).toBe(true);
  await other.dispose();

  await context.setOffline(false);
  const bar = page.getByRole('button', { name: '1 not sent, 0 waiting' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  // The refused values are no longer shown as if they were live.
  await expect(page.getByRole('heading', { level: 1, name: theirs })).toBeVisible();

  await bar.click();
  const panel = page.getByRole('list', { name: 'Waiting to send' });
  const table = panel.getByRole('table', { name: 'Your changes and the listing now' });
  await expect(table.getByRole('row', { name: /Title/ })).toContainText(mine);
  await expect(table.getByRole('row', { name: /Title/ })).toContainText(theirs);
  await expect(table.getByRole('row', { name: /Price/ })).toContainText('2500');
  await expectAccessible(page, 'outbox list with a refused edit');
  // What was typed is still in the outbox item, until the person chooses.
  expect(await outboxItems(page)).toEqual([expect.objectContaining({ status: 'failed', kind: 'edit-listing' })]);

  await panel.getByRole('button', { name: 'Send mine on the new version' }).click();
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  expect(await onServer(page.request, listing.id)).toMatchObject({ title: mine, pricePerNight: 2500 });
  await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();
});

test('point 3: discarding a refused edit takes an explicit tap, and Edit opens the form with what was typed', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { account, listing } = await hostEditing(page, baseURL!);
  await context.setOffline(true);
  const mine = `${listing.title} with solar power`;
  await page.getByLabel('Title *').fill(mine);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();
  const other = await secondDevice(baseURL!, account);
  expect((await other.put(`/api/properties/${listing.id}`, { data: { pricePerNight: 2800 } })).ok()).toBe(true);
  await other.dispose();
  await context.setOffline(false);
  await page.getByRole('button', { name: '1 not sent, 0 waiting' }).click({ timeout: 30_000 });
  const panel = page.getByRole('list', { name: 'Waiting to send' });

  // Edit: the form opens with the person's title, and the item stays until they save.
  await panel.getByRole('link', { name: 'Edit my changes' }).click();
  await expect(page.getByLabel('Title *')).toHaveValue(mine);
  // The form was filled before the price changed: it says so, and the person takes the new price.
  const notice = page.getByRole('region', { name: 'This listing changed since you opened it' });
  await notice.getByRole('button', { name: 'See the differences' }).click();
  await notice.getByRole('row', { name: /Price/ }).getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByLabel('Price *')).toHaveValue('2800');
  await expect(page.getByLabel('Title *')).toHaveValue(mine);
  expect(await outboxItems(page)).toHaveLength(1);

  // Discard asks first; only the second tap drops it. (The list under the bar stays open across pages.)
  await expect(page.getByRole('button', { name: '1 not sent, 0 waiting' })).toHaveAttribute('aria-expanded', 'true');
  await panel.getByRole('button', { name: 'Discard my changes' }).click();
  expect(await outboxItems(page)).toHaveLength(1);
  await panel.getByRole('button', { name: 'Yes, discard them' }).click();
  await expect.poll(async () => (await outboxItems(page)).length).toBe(0);
  expect(await onServer(page.request, listing.id)).toMatchObject({ title: listing.title, pricePerNight: 2800 });
});

test('an online edit whose answer is lost falls back to the outbox under the same Idempotency-Key, and the server replays it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { listing } = await hostEditing(page, baseURL!);
  const keys: string[] = [];
  context.on('request', (sent) => {
    if (sent.method() === 'PUT' && new URL(sent.url()).pathname === `/api/properties/${listing.id}`)
      keys.push(sent.headers()['idempotency-key'] ?? '');
  });
  // The first PUT reaches the server, but its answer never reaches the phone.
  let lost = false;
  await context.route(`**/api/properties/${listing.id}`, async (route) => {
    if (route.request().method() !== 'PUT' || lost) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const title = `${listing.title} freshly painted`;
  await page.getByLabel('Title *').fill(title);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/.{8,}/);
  expect(keys[1]).toBe(keys[0]);
  expect(await onServer(page.request, listing.id)).toMatchObject({ title });
  await expect(page.getByRole('button', { name: /not sent/ })).toHaveCount(0);
});

test('the edit form keeps what was typed on the device: a killed tab comes back with it, a save clears it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { listing } = await hostEditing(page, baseURL!);
  const title = `${listing.title} with a balcony`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Bedrooms').fill('3');
  await expect
    .poll(
      async () =>
        (await readStore<{ form: { draft: { title: string } } }>(page, 'efie-edit-autosave', 'forms'))[0]?.form.draft
          .title,
    )
    .toBe(title);

  // The tab is killed (the photo picker on a phone short of memory) and opened again.
  await page.close();
  const reopened = await page.context().newPage();
  await reopened.goto(`/property/${listing.id}/edit`);
  await expect(reopened.getByRole('status').filter({ hasText: 'Your unsaved changes were kept' })).toBeVisible();
  await expect(reopened.getByLabel('Title *')).toHaveValue(title);
  await expect(reopened.getByLabel('Bedrooms')).toHaveValue('3');

  await reopened.getByRole('button', { name: 'Save Changes' }).click();
  await expect(reopened).toHaveURL(new RegExp(`/property/${listing.id}$`));
  expect(await onServer(reopened.request, listing.id)).toMatchObject({ title });
  await expect.poll(async () => (await readStore(reopened, 'efie-edit-autosave', 'forms')).length).toBe(0);
  // Opened again once the device has stored the saved listing: the form shows it, and nothing "restored".
  await expect.poll(async () => JSON.stringify((await persistedCache(reopened))?.clientState)).toContain(title);
  await reopened.goto(`/property/${listing.id}/edit`);
  await expect(reopened.getByLabel('Title *')).toHaveValue(title);
  await expect(reopened.getByRole('status').filter({ hasText: 'Your unsaved changes' })).toHaveCount(0);
});

test('point 2: a save made while the earlier edit of the listing is being sent waits for it, then goes on top of it, without a 409', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { listing } = await hostEditing(page, baseURL!);
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (response.request().method() === 'PUT') statuses.push(response.status());
  });
  await context.setOffline(true);
  await page.getByLabel('Title *').fill('Sent first');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sent first' })).toBeVisible();
  await page.goto(`/property/${listing.id}/edit`);
  await page.getByLabel('Title *').fill('Saved while the first was on its way');

  // Back online, the first edit leaves the phone, and its answer takes its time.
  const held: Route[] = [];
  await context.route(`**/api/properties/${listing.id}`, (route) =>
    route.request().method() === 'PUT' && held.length === 0 ? void held.push(route) : route.fallback(),
  );
  await context.setOffline(false);
  await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // The save waits for the sender (the outbox's Web Lock) instead of changing the item in flight.
  // Counted for this page only: the service worker's Background Sync may be waiting for the lock too.
  await expect.poll(() => page.evaluate(pendingOutboxLocksOfThisPage)).toBe(1);
  await held[0]!.fallback();

  await expect
    .poll(async () => (await onServer(page.request, listing.id)).title, { timeout: 30_000 })
    .toBe('Saved while the first was on its way');
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  expect(statuses).toEqual([200, 200]);
});

/** This page's requests waiting for the outbox's Web Lock (its client id learnt from a lock of its own). */
async function pendingOutboxLocksOfThisPage(): Promise<number> {
  const name = `whoami-${Math.random()}`;
  const clientId = await navigator.locks.request(
    name,
    async () => (await navigator.locks.query()).held?.find((lock) => lock.name === name)?.clientId,
  );
  return (
    (await navigator.locks.query()).pending?.filter((lock) => lock.name === 'efie-outbox' && lock.clientId === clientId)
      .length ?? 0
  );
}
