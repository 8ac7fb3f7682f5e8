import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { openAccountMenu, unique } from './support/fixtures.ts';
import {
  answeredRequests,
  cached,
  controlledByServiceWorker,
  fireOutboxSync,
  liveListing,
  outboxItems,
  register,
  signInAs,
} from './support/offline.ts';
import { fillWizardUpToPhotos, plainPhoto } from './support/wizard.ts';

// Security issue, point 6: on a shared phone, what one person queued offline is sent only
// with that person's session, never with the next person's.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

type OwnedRecord = { id: string; kind: string; status: string; ownerId?: string | null };

/** An account made through its own API context, which keeps its own session for the checks. */
async function account(baseURL: string, firstName: string) {
  const api = await request.newContext({ baseURL });
  const { email, password } = await register(api, 'owner', firstName);
  const me = (await (await api.get('/api/auth/user')).json()) as { id: string };
  return { api, email, password, id: me.id };
}

const listingTitles = async (api: APIRequestContext) =>
  ((await (await api.get('/api/user/properties')).json()) as { title: string }[]).map((property) => property.title);
const favoriteIds = async (api: APIRequestContext) =>
  ((await (await api.get('/api/favorites')).json()) as { id: string }[]).map((property) => property.id);

/** Sign-out ends the session on the server, then the app goes to the home page. */
async function signedOut(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  // The phone shows nobody signed in at once; the server is told a moment later (sign-out.ts).
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401);
}

async function signOutFromMenu(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
}

/** The signal is back but too weak for the outbox: its calls fail; reading and signing in or out go through. */
const weakSignal = (context: BrowserContext) =>
  context.route('**/api/**', (route) =>
    route.request().method() === 'GET' || new URL(route.request().url()).pathname.startsWith('/api/auth/')
      ? route.continue()
      : route.abort('internetdisconnected'),
  );

test("one person's queued listing and favourite are never sent with the next person's session, and reach the server once under their own", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const [forA, forB] = [await liveListing(baseURL!), await liveListing(baseURL!)];
  const [a, b] = [await account(baseURL!, 'Ama'), await account(baseURL!, 'Kofi')];
  const title = `Shared phone house ${unique()}`;
  const favoritePosts = answeredRequests(context, 'POST', /^\/api\/favorites\//);
  const creates = answeredRequests(context, 'POST', /^\/api\/properties\/?$/);

  // A signs in on the shared phone and opens, online, the screens used offline below.
  await signInAs(page, a);
  await controlledByServiceWorker(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Host Dashboard' })).toBeVisible();
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  await page.goto(`/property/${forA.id}`);
  await expect(page.getByRole('button', { name: `Save ${forA.title}` })).toBeVisible();
  await cached(page, 'favorites');

  // Offline, A saves a favourite and submits a listing with a photo: both wait in the outbox.
  await context.setOffline(true);
  await page.getByRole('button', { name: `Save ${forA.title}` }).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  await page.goto('/list-property');
  await fillWizardUpToPhotos(page, title);
  await page.getByLabel(/^Photos/).setInputFiles([await plainPhoto('porch.jpg')]);
  await expect(page.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: '2 waiting to send' })).toBeVisible();
  const queued = await outboxItems(page);
  expect(queued.map((item) => item.kind).sort()).toEqual(['create-listing', 'favorite']);

  // The signal comes back, too weak for the outbox's calls, and A signs out.
  await weakSignal(context);
  await context.setOffline(false);
  await signOutFromMenu(page);
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText(
    'You have 2 unsent changes. They stay on this phone and are sent when you sign in again.',
  );
  await warning.getByRole('button', { name: 'Sign out' }).click();
  await signedOut(page);

  // B signs in on the same phone, opens a listing, saves it offline, and goes online.
  await signInAs(page, b);
  await page.goto(`/property/${forB.id}`);
  await expect(page.getByRole('button', { name: `Save ${forB.title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /waiting to send|not sent/ })).toHaveCount(0);
  await cached(page, 'favorites');
  await context.setOffline(true);
  await context.unroute('**/api/**');
  await page.getByRole('button', { name: `Save ${forB.title}` }).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  await context.setOffline(false);

  // The outbox sends in the order things were queued: once B's own favourite has arrived,
  // A's older items would have been sent before it if they were going to be.
  await expect.poll(() => favoriteIds(b.api), { timeout: 30_000 }).toContain(forB.id);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  expect(await listingTitles(b.api)).not.toContain(title);
  expect(await favoriteIds(b.api)).toEqual([forB.id]);
  expect(await listingTitles(a.api)).not.toContain(title);
  expect(creates).toEqual([]);
  // A's items stay on the phone, waiting (not failed), with A as their owner.
  const kept = (await outboxItems(page)) as OwnedRecord[];
  expect(
    kept.map(({ id, status, ownerId }) => ({ id, status, ownerId })).sort((x, y) => x.id.localeCompare(y.id)),
  ).toEqual(
    queued.map(({ id }) => ({ id, status: 'waiting', ownerId: a.id })).sort((x, y) => x.id.localeCompare(y.id)),
  );

  // B leaves (nothing of B's is unsent, so no warning); A signs in again and A's items go, once, as A.
  await signOutFromMenu(page);
  await signedOut(page);
  await signInAs(page, a);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 60_000 }).toBe(0);
  expect((await listingTitles(a.api)).filter((listed) => listed === title)).toHaveLength(1);
  expect(await listingTitles(b.api)).not.toContain(title);
  expect(await favoriteIds(a.api)).toEqual([forA.id]);
  expect(await favoriteIds(b.api)).toEqual([forB.id]);
  const createItem = queued.find((item) => item.kind === 'create-listing')!;
  const favoriteItem = queued.find((item) => item.kind === 'favorite')!;
  expect(creates).toEqual([`${createItem.id}:create`]);
  expect(favoritePosts.filter((key) => key === favoriteItem.id)).toHaveLength(1);

  await a.api.dispose();
  await b.api.dispose();
});

test("the service worker's Background Sync sends only the signed-in person's items", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [forA, forB] = [await liveListing(baseURL!), await liveListing(baseURL!)];
  const [a, b] = [await account(baseURL!, 'Esi'), await account(baseURL!, 'Yaw')];

  // A saves a favourite offline, then signs out, leaving it unsent.
  await signInAs(page, a);
  await controlledByServiceWorker(page);
  await page.goto(`/property/${forA.id}`);
  await expect(page.getByRole('button', { name: `Save ${forA.title}` })).toBeVisible();
  await cached(page, 'favorites');
  await context.setOffline(true);
  await page.getByRole('button', { name: `Save ${forA.title}` }).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const [itemOfA] = await outboxItems(page);
  await weakSignal(context);
  await context.setOffline(false);
  await signOutFromMenu(page);
  await expect(page.getByRole('alertdialog')).toContainText(
    'You have 1 unsent change. It stays on this phone and is sent when you sign in again.',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await signedOut(page);

  // B signs in and saves a favourite offline; then the app is closed and only the worker is left.
  await signInAs(page, b);
  await page.goto(`/property/${forB.id}`);
  await expect(page.getByRole('button', { name: `Save ${forB.title}` })).toBeVisible();
  await cached(page, 'favorites');
  await context.setOffline(true);
  await context.unroute('**/api/**');
  await page.getByRole('button', { name: `Save ${forB.title}` }).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const probe = await context.newPage();
  await page.close();
  await context.setOffline(false);
  await probe.goto('/api/health');
  await fireOutboxSync(context, probe, baseURL!);

  // The worker sends oldest first: once B's favourite has arrived, A's older one was left alone.
  await expect.poll(() => favoriteIds(b.api), { timeout: 30_000 }).toContain(forB.id);
  await expect.poll(async () => (await outboxItems(probe)).length).toBe(1);
  expect(await favoriteIds(b.api)).toEqual([forB.id]);
  expect(await favoriteIds(a.api)).toEqual([]);
  expect(
    ((await outboxItems(probe)) as OwnedRecord[]).map(({ id, status, ownerId }) => ({ id, status, ownerId })),
  ).toEqual([{ id: itemOfA!.id, status: 'waiting', ownerId: a.id }]);

  await a.api.dispose();
  await b.api.dispose();
});
