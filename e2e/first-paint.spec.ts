import { expect, request, test, type Page } from '@playwright/test';
import type { PropertyPage } from '../api/contract/properties.schema.ts';
import { FIRST_PAINT_STATE_ID } from '../api/contract/first-paint.ts';
import { createListing, register } from './support/api.ts';
import { appReady, toasts } from './support/fixtures.ts';

// Issue 31, server-rendered first paint (ADR 280): home, a search and a listing arrive as HTML with
// their data, and the app hydrates them without asking for the same data again and without a warning.

// Each page is a first visit: once installed, the service worker answers every page with its cached
// shell (repeat visits cost no HTML), and that shell is drawn in the browser, as before.
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

/** Everything the page logs as a warning or an error (React reports a hydration mismatch there). */
function consoleOf(page: Page) {
  const said: string[] = [];
  page.on('console', (message) => {
    // Playwright's own words about the worker this spec blocks are not the app's.
    if (message.text().includes('blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  return said;
}

/** The API calls the page itself sends (the service worker's precaching is not the page). */
function apiCallsOf(page: Page) {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/analytics/track-visitor')
      calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** A live listing in Accra with a photo (other tests add listings without one). */
async function accraListing(page: Page) {
  const found = (await (await page.request.get('/api/properties/search?location=Accra')).json()) as PropertyPage;
  return found.properties.find((listing) => listing.images.length > 0)!;
}

/** The page's HTML as the server sends it, before any script runs. */
async function served(page: Page, path: string) {
  const response = await page.request.get(path);
  return { status: response.status(), html: await response.text() };
}

test('a listing arrives as HTML with its title, price and photo, and its preview tags', async ({ page }) => {
  const listing = await accraListing(page);
  const { status, html } = await served(page, `/property/${listing.id}`);
  expect(status).toBe(200);
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${FIRST_PAINT_STATE_ID}"`));
  expect(root).toContain(`<h1 class="text-2xl font-bold md:text-3xl">${listing.title.replace(/&/g, '&amp;')}</h1>`);
  expect(root).toContain(listing.pricePerNight.toLocaleString('en-US'));
  expect(root).toMatch(/<img[^>]+fetchpriority="high"/i);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
  expect(html).toContain(`<script type="application/json" id="${FIRST_PAINT_STATE_ID}">`);
});

test('home, a search and a listing hydrate without asking again and without a warning', async ({ page }) => {
  const listing = await accraListing(page);
  const said = consoleOf(page);
  const calls = apiCallsOf(page);
  for (const [path, heading] of [
    ['/', /find your home away from home/i],
    ['/search?location=Accra', /properties/i],
    [`/property/${listing.id}`, listing.title],
  ] as const) {
    calls.length = 0;
    await page.goto(path);
    await appReady(page);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Only what the server did not draw is asked for: a listing's videos, its reviews and its host's
    // reply time are asked for in the background, below what the first paint shows.
    expect(
      calls.filter((call) => !/^\/api\/properties\/[^/]+\/(videos|reviews|host-response)$/.test(call)),
      path,
    ).toEqual([]);
  }
  expect(said).toEqual([]);
});

test('the hydrated page works: the next page of a search comes from the API', async ({ page }) => {
  const calls = apiCallsOf(page);
  await page.goto('/search?location=Accra');
  await appReady(page);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => calls.some((call) => call.startsWith('/api/properties/featured'))).toBe(true);
});

test("a pending or hidden listing's page is a 404 with none of its data", async ({ baseURL }) => {
  const host = await request.newContext({ baseURL: baseURL! });
  await register(host, 'owner', 'Paintpending');
  const pending = await createListing(host, { title: 'Secret pending flat in Osu', pricePerNight: 4321 });
  await host.dispose();
  const visitor = await request.newContext({ baseURL: baseURL! });
  const response = await visitor.get(`/property/${pending.id}`);
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).not.toContain('Secret pending flat');
  expect(html).not.toContain('4,321');
  expect(html).toContain('<meta name="robots" content="noindex" />');
  await visitor.dispose();
});

test('an unknown path is a 404 with the not-found screen, drawn by the server', async ({ page }) => {
  const { status, html } = await served(page, '/no-such-page/at-all');
  expect(status).toBe(404);
  expect(html).toContain('<meta name="robots" content="noindex" />');
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test("a tap on one of the app's buttons before the app runs is kept and given to it once it does", async ({ page }) => {
  // The app's entry is held back: the page the server drew is all there is.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/search?location=Accra');
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  await appReady(page);
  await expect(toasts(page).getByText('Please sign in to save properties')).toBeVisible();
});
