import { expect, request, test, type Locator, type Page } from '@playwright/test';
import type { PropertyPage } from '../api/contract/properties.schema.ts';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { countOf } from '../pwa/lib/format.ts';
import { expectNoSidewaysScroll, saveScreenshot, unique } from './support/fixtures.ts';
import { cached, controlledByServiceWorker, offlineIndicator } from './support/offline.ts';
import { contrastProblems } from './support/screen-walk.ts';

// Issue 28, what a first-time renter trips over when searching on a phone: the current page
// number, the price period shown but not applied, a search never made opened offline, and
// results pushed below the open filters. The service worker's own requests are cut off too.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

test.use({ viewport: { width: 360, height: 740 } });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'a box on screen').not.toBeNull();
  return found!;
};

const colours = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });

async function expectPagerReadable(page: Page, current: number) {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  const currentButton = pager.getByRole('button', { name: `Page ${current}` });
  await expect(currentButton).toHaveAttribute('aria-current', 'page');
  const { color, background } = await colours(currentButton);
  expect(color, 'the current page number is not the colour of its button').not.toBe(background);
  expect(await contrastProblems(page, 'nav[aria-label="Pagination"]'), 'axe color-contrast of the pager').toEqual([]);

  // One line: Previous, the numbers and Next share a top and a height, inside the screen.
  const next = await box(pager.getByRole('button', { name: 'Next' }));
  const previous = await box(pager.getByRole('button', { name: 'Previous' }));
  const number = await box(currentButton);
  expect(Math.abs(next.y - number.y), 'Next on the line of the page numbers').toBeLessThan(1);
  expect(Math.abs(previous.y - number.y), 'Previous on the line of the page numbers').toBeLessThan(1);
  expect(next.height, 'Next is one line high').toBe(number.height);
  expect(next.x + next.width).toBeLessThanOrEqual(360);
  expect(previous.x).toBeGreaterThanOrEqual(0);
  await expectNoSidewaysScroll(page);
}

test('the current page number is readable and Next stays on the line at 360 px', async ({ page }) => {
  const all = (await (await page.request.get('/api/properties/search')).json()) as PropertyPage;
  const pages = Math.ceil(all.total / 12);
  expect(pages, 'the seed fills at least three pages').toBeGreaterThanOrEqual(3);

  await page.goto('/search?page=2');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectPagerReadable(page, 2);
  await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'first-search-pager-page-2');

  // A page in the middle (ellipses on both sides), and Next moves on to the following one.
  const middle = Math.ceil(pages / 2);
  await page.goto(`/search?page=${middle}`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectPagerReadable(page, middle);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${middle + 1}`));
  await expectPagerReadable(page, middle + 1);
  await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'first-search-pager-middle');
});

test('a price bound without a chosen period is a month\'s, as the filters show "Monthly"', async ({
  page,
  baseURL,
}) => {
  // A place of its own, so that the seed and other journeys cannot change what is found.
  const street = `Zongo${unique()} Lane`;
  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Kofi');
  const admin = await adminApi(baseURL!);
  const weekly = await createListing(host, {
    title: `Weekly flat ${unique()}`,
    address: `3 ${street}`,
    city: 'Accra',
    bedrooms: 2,
    pricePerNight: 3750,
    pricingPeriod: 'week',
  });
  const monthly = await createListing(host, {
    title: `Monthly flat ${unique()}`,
    address: `9 ${street}`,
    city: 'Accra',
    bedrooms: 2,
    pricePerNight: 4500,
    pricingPeriod: 'month',
  });
  for (const listing of [weekly, monthly]) await approve(admin, listing.id);
  await Promise.all([host.dispose(), admin.dispose()]);

  await page.goto(`/search?location=${encodeURIComponent(street)}&bedrooms=2&maxPrice=5000`);
  await expect(page.getByText('1 property found')).toBeVisible();
  await expect(page.getByRole('heading', { name: monthly.title })).toBeVisible();
  // GH₵3,750 a week is about GH₵16,250 a month: not within "Monthly, at most 5,000".
  await expect(page.getByRole('heading', { name: weekly.title })).toHaveCount(0);

  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('combobox', { name: 'Price period' })).toHaveText(/Monthly/);
  await expect(page.getByLabel('Max price')).toHaveValue('5000');
  await saveScreenshot(page, 'first-search-price-period');

  // Weekly reads the bound as a week's: both (4,500 a month is about 1,038 a week), and back to Monthly, one.
  await page.getByRole('combobox', { name: 'Price period' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await expect(page).toHaveURL(/timePeriod=weeks/);
  await expect(page.getByText('2 properties found')).toBeVisible();
  await page.getByRole('combobox', { name: 'Price period' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await expect(page).toHaveURL(/timePeriod=months/);
  await expect(page.getByText('1 property found')).toBeVisible();
});

test('offline, a search never made says it needs a connection and offers the saved searches', async ({
  page,
  context,
}) => {
  await page.goto('/search?location=Accra');
  await controlledByServiceWorker(page);
  await expect(page.getByRole('article').first()).toBeVisible();
  const accra = page.getByText(/\d+ propert(y|ies) found/);
  const accraCount = await accra.textContent();
  await cached(page, 'properties', 'search', { location: 'Accra', page: 1 });

  await context.setOffline(true);
  const never = `Nkawkaw${unique()}`;
  await page.goto(`/search?location=${never}`);
  await expect(offlineIndicator(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This search needs a connection' })).toBeVisible();
  await expect(page.getByText(/You are offline, and this search has not been made on this device/)).toBeVisible();
  // The offline bar does not claim to show what was saved: the results were never saved.
  await expect(offlineIndicator(page)).toContainText(/needs? a connection/);
  await expect(offlineIndicator(page)).not.toContainText('Showing what was saved');
  // Nothing was fetched: no count of properties, no "failed".
  await expect(page.getByText(/properties found|property found/)).toHaveCount(0);
  await expect(page.getByText('The search failed')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Searches saved on this device' })).toBeVisible();
  const saved = page.getByRole('link', { name: /^Accra/ });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(never) })).toHaveCount(0);
  await saveScreenshot(page, 'first-search-offline-never-made');

  await saved.click();
  await expect(page).toHaveURL(/location=Accra/);
  await expect(page.getByRole('heading', { name: 'Properties in Accra' })).toBeVisible();
  await expect(page.getByText(accraCount!)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Typed into the search bar, offline: the same, not the previous results nor "0 found".
  await page.getByRole('searchbox', { name: 'Location' }).fill(`Kintampo${unique()}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This search needs a connection' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText(/properties found|property found/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Accra/ })).toBeVisible();
});

test('the open filters end with "Show N properties", which closes them and brings the results into view', async ({
  page,
}) => {
  await page.goto('/search');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.locator('#filter-panel').getByLabel('Pool')).toBeVisible();
  // The panel is taller than the phone: the results start below the screen.
  await expect(page.getByRole('article').first()).not.toBeInViewport();

  await page.locator('#filter-panel').getByLabel('Pool').check();
  await expect(page).toHaveURL(/amenities=pool/);
  const withPool = (await (await page.request.get('/api/properties/search?amenities=pool')).json()) as PropertyPage;
  expect(withPool.total).toBeGreaterThan(0);
  const show = page.getByRole('button', { name: `Show ${countOf(withPool.total, 'property', 'properties')}` });
  await show.scrollIntoViewIfNeeded();
  await expect(show).toBeInViewport();
  await saveScreenshot(page, 'first-search-filters-show-results');

  await show.click();
  await expect(page.locator('#filter-panel')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'All Properties' })).toBeInViewport();
  // Below the sticky header, not under it.
  const header = await box(page.getByRole('banner'));
  expect((await box(page.getByRole('heading', { name: 'All Properties' }))).y).toBeGreaterThanOrEqual(
    header.y + header.height,
  );
  await expect(page.getByRole('article').first()).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'All Properties' })).toBeFocused();
  await saveScreenshot(page, 'first-search-after-show-results');
});
