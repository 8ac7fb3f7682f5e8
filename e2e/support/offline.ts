import { expect, request, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { outboxCode, signIn, unique } from './fixtures.ts';

// Fixtures for the offline journeys (issue 6): accounts and a live listing made through
// the real API, the service worker, and what the app keeps in IndexedDB.

export const PASSWORD = 'offline-Password-1';

/** Registers and verifies an account through `api` (a page's request context signs the page in). */
export async function register(api: APIRequestContext, userType: 'renter' | 'owner', firstName: string) {
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const response = await api.post('/api/auth/register', {
    data: { firstName, lastName: 'Offline', email, password: PASSWORD, userType, registrationMethod: 'email' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { requiresVerification?: boolean };
  if (body.requiresVerification) {
    const verified = await api.post('/api/auth/verify-email-code', { data: { code: await outboxCode(api, email) } });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return { email, password: PASSWORD };
}

/** A live (approved) listing in Accra, made by a fresh host and approved by the admin. */
export async function liveListing(baseURL: string, title = `Offline flat ${unique()}`, owner?: APIRequestContext) {
  const host = owner ?? (await request.newContext({ baseURL }));
  if (!owner) await register(host, 'owner', 'Yaw');
  // A real photo, as hosts' listings have (other journeys open the newest Accra result).
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 110 } } })
    .jpeg()
    .toBuffer();
  const uploaded = await host.post('/api/upload/property-images', {
    data: { images: [`data:image/jpeg;base64,${jpeg.toString('base64')}`] },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const { images } = (await uploaded.json()) as { images: string[] };
  const created = await host.post('/api/properties', {
    data: {
      title,
      description: 'A bright flat with steady water, near the Osu market.',
      propertyType: 'apartment',
      category: 'general',
      listingType: 'rent',
      address: '4 Cantonments Road',
      city: 'Accra',
      country: 'Ghana',
      pricePerNight: 2200,
      currency: 'GH₵',
      pricingPeriod: 'month',
      bedrooms: 2,
      bathrooms: 1,
      amenities: ['wifi'],
      images,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const property = (await created.json()) as { id: string; title: string };
  if (!owner) await host.dispose();
  const admin = await request.newContext({ baseURL });
  const login = await admin.post('/api/auth/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const approved = await admin.post(`/api/admin/properties/${property.id}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  await admin.dispose();
  return property;
}

/** The admin hides a listing (it stops being live: favouriting it is refused with 404). */
export async function hideListing(baseURL: string, id: string) {
  const admin = await request.newContext({ baseURL });
  await admin.post('/api/auth/login', {
    data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
  });
  const hidden = await admin.patch(`/api/admin/properties/${id}/visibility`, { data: { isActive: false } });
  expect(hidden.ok(), await hidden.text()).toBe(true);
  await admin.dispose();
}

/** How many events the server has stored (GET /api/health): a replay must not add any. */
export async function eventCount(api: APIRequestContext): Promise<number> {
  return ((await (await api.get('/api/health')).json()) as { events: number }).events;
}

/** Waits until the service worker controls the page (it claims clients on its first activation). */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

/** Every value of an IndexedDB object store, read in the page. */
export function readStore<T>(page: Page, database: string, store: string): Promise<T[]> {
  return page.evaluate(
    ([database, store]) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            resolve(all.result as T[]);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    [database, store] as const,
  );
}

export type OutboxRecord = {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  error?: string;
  propertyId?: string;
  favorite?: boolean;
};
export const outboxItems = (page: Page) => readStore<OutboxRecord>(page, 'efie-outbox', 'items');
export const persistedCache = async (page: Page) =>
  (
    await readStore<{ buster: string; timestamp: number; clientState: { queries: { queryKey: unknown[] }[] } }>(
      page,
      'efie-query-cache',
      'cache',
    )
  )[0];

/** Waits until the persisted query cache holds a query whose key starts with `prefix`. */
export async function cached(page: Page, ...prefix: unknown[]) {
  let keys = '';
  await expect
    .poll(
      async () => {
        const client = await persistedCache(page);
        keys = JSON.stringify(client?.clientState.queries.map((query) => query.queryKey));
        return (
          client?.clientState.queries.some((query) =>
            prefix.every((part, index) => JSON.stringify(query.queryKey[index]) === JSON.stringify(part)),
          ) ?? false
        );
      },
      { message: `persisted ${JSON.stringify(prefix)}` },
    )
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe persisted cache holds ${keys}`);
    });
}

/** The Idempotency-Keys of the requests that reached the server (from the page or the service worker). */
export function answeredRequests(context: BrowserContext, method: string, path: RegExp) {
  const seen: string[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === method && path.test(new URL(request.url()).pathname))
      seen.push(request.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

/** The JSON bodies of the requests that reached the server (from the page or the service worker). */
export function answeredBodies(context: BrowserContext, method: string, path: RegExp) {
  const seen: unknown[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request.postDataJSON());
  });
  return seen;
}

export const offlineIndicator = (page: Page) => page.getByTestId('offline-indicator');

/**
 * Fires the service worker's Background Sync for the outbox through the DevTools protocol
 * (setOffline(false) does not fire it). `probe` is any same-origin page of the context.
 */
export async function fireOutboxSync(context: BrowserContext, probe: Page, baseURL: string) {
  const cdp = await context.newCDPSession(probe);
  const registration = new Promise<string>((resolve) =>
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const found = registrations.find((entry) => !entry.isDeleted && entry.scopeURL === `${baseURL}/`);
        if (found) resolve(found.registrationId);
      },
    ),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseURL,
    registrationId: await registration,
    tag: 'efie-outbox',
    lastChance: false,
  });
}

/**
 * Signs in through the form and waits until the device has saved who is signed in: a page
 * loaded before that would restore the signed-out answer (and the dashboard would leave).
 */
export async function signInAs(page: Page, person: { email: string; password: string; id: string }) {
  await signIn(page, person.email, person.password);
  await expect
    .poll(async () => {
      const queries = (await persistedCache(page))?.clientState.queries as
        | { queryKey: unknown[]; state?: { data?: { id?: string } | null } }[]
        | undefined;
      return queries?.find((query) => JSON.stringify(query.queryKey) === '["auth","user"]')?.state?.data?.id;
    })
    .toBe(person.id);
}
