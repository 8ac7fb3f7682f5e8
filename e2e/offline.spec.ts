import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cached,
  controlledByServiceWorker,
  liveListing,
  offlineIndicator,
  persistedCache,
  register,
} from './support/offline.ts';

// Issue 6, "done when" 1 and 6: installable, and what was seen reads offline. The service
// worker's own requests are cut off too (PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

test('the app is installable: no installability errors and a complete manifest', async ({ baseURL, launchOptions }) => {
  // Chrome never offers to install from an incognito profile, which every new context is.
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'efie-install-')), {
    ...launchOptions,
    baseURL: baseURL!,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await controlledByServiceWorker(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[];
  };
  expect(installabilityErrors).toEqual([]);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown> & {
    icons: { sizes: string; purpose: string }[];
    screenshots: { form_factor: string }[];
  };
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Efie'),
    short_name: 'Efie',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0f766e',
  });
  expect(manifest.description).toBeTruthy();
  for (const size of ['192x192', '512x512'])
    for (const purpose of ['any', 'maskable'])
      expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  await context.close();
});

test('after a first visit, home, search, a listing and Saved Properties reload offline with the offline indicator', async ({
  page,
  context,
  baseURL,
}) => {
  const listing = await liveListing(baseURL!);
  await register(page.request, 'renter', 'Abena');

  // The first visit, online. Each screen's answers reach IndexedDB (saves are throttled).
  await page.goto('/');
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await cached(page, 'properties', 'featured');
  await page.goto('/search?location=Accra');
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  await cached(page, 'properties', 'search', { location: 'Accra', page: 1 });
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await page.getByRole('button', { name: `Save ${listing.title}` }).click();
  await expect(page.getByRole('button', { name: `Remove ${listing.title} from saved properties` })).toBeVisible();
  await cached(page, 'properties', 'detail', listing.id);
  await page.goto('/search?saved=true');
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect
    .poll(async () =>
      JSON.stringify(
        (await persistedCache(page))?.clientState.queries.find((query) => query.queryKey[0] === 'favorites'),
      ),
    )
    .toContain(listing.id);

  await context.setOffline(true);
  await page.goto('/');
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/search?location=Accra');
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();

  await page.goto(`/property/${listing.id}`);
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  await page.goto('/search?saved=true');
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved Properties' })).toBeVisible();
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(offlineIndicator(page)).toContainText(/Showing what was saved on/);

  // A listing never opened on this device says so instead of spinning.
  await page.goto('/property/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: /could not be loaded|Not saved on this device/ })).toBeVisible();
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
});
