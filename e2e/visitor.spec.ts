import { expect, test, type Locator } from '@playwright/test';
import type { Property } from '../api/contract/properties.schema.ts';
import { expectAccessible, saveScreenshot, toasts } from './support/fixtures.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The width the browser decoded the image at (0 until it has loaded; the placeholder after a failure is 400 × 300 SVG). */
const loadedWidth = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test('a visitor searches by city and filters, opens a listing and is led to registration by the contact button', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Properties' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page, 'home');
  await saveScreenshot(page, 'home');

  // The slide-in menu and the language menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, 'mobile menu');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeVisible();
  await expectAccessible(page, 'language menu');
  await page.keyboard.press('Escape');

  await page.getByLabel('Where do you want to live?').fill('Accra');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?location=Accra/);
  await expect(page.getByRole('heading', { name: 'Properties in Accra' })).toBeVisible();
  await expect(page.getByText(/\d+ propert(y|ies) found/)).toBeVisible();
  const before = await page.getByRole('article').count();
  expect(before).toBeGreaterThan(0);

  // Filter by the property type of the first result, so the seed's random mix always matches.
  const facts = await page
    .getByRole('article')
    .first()
    .getByText(/\d+ bed · \d+ bath · /)
    .textContent();
  const type = facts!.split(' · ').pop()!.trim();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('combobox', { name: 'Property type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`propertyType=${type.toLowerCase()}`));
  await expect(page.getByText('1 active filters')).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Waits for the filtered answer to replace the unfiltered one: every card is of that type.
  await expect(
    page
      .getByRole('article')
      .getByText(/\d+ bed · /)
      .filter({ hasNotText: type }),
  ).toHaveCount(0);
  await expect(
    page
      .getByRole('article')
      .getByText(/\d+ bed · /)
      .first(),
  ).toContainText(type);
  await expectAccessible(page, 'search with filters');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await saveScreenshot(page, 'search');

  // Grid and list views.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page).toHaveURL(/view=list/);

  // Lists show the listing's first photo at the width the card needs on this screen (never drawn
  // larger than it is: sharp at the phone's pixel ratio), as AVIF since Chromium takes it, served by
  // the API from its storage. Other tests add listings without photos: the first card with one is taken.
  const first = page
    .getByRole('article')
    .filter({ has: page.locator('img') })
    .first();
  const href = await first.getByRole('link').first().getAttribute('href');
  const listing = (await (
    await page.request.get(`/api${href!.replace(/^\/property\//, '/properties/')}`)
  ).json()) as Property;
  expect(listing.images[0]).toMatch(new RegExp(`^/files/images/${UUID}-1200\\.webp$`));
  const avif = new RegExp(
    `^${new URL(listing.images[0]!.replace(/-1200\.webp$/, ''), page.url()).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(400|800|1200)\\.avif$`,
  );
  const thumbnail = first.locator('img').first();
  await expect(thumbnail).toHaveAttribute('width', '400');
  await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);
  const drawn = (image: Locator) =>
    image.evaluate((img: HTMLImageElement) => ({
      src: img.currentSrc,
      // The largest there is (a photo smaller than 1200 px is never enlarged), or wide enough.
      sharp: img.currentSrc.endsWith('-1200.avif') || img.naturalWidth >= img.clientWidth * devicePixelRatio,
    }));
  const card = await drawn(thumbnail);
  expect(card.src).toMatch(avif);
  expect(card.sharp, `${card.src} is no smaller than the card on this screen`).toBe(true);
  const served = await page.request.get(card.src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/avif');

  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  // The detail page shows the same photo, as large as its place there needs.
  const photo = page.locator('main img').first();
  await expect.poll(() => loadedWidth(photo)).toBeGreaterThan(0);
  const main = await drawn(photo);
  expect(main.src).toMatch(avif);
  expect(main.sharp, `${main.src} is no smaller than the photo on this screen`).toBe(true);
  await expectAccessible(page, 'property detail');
  await saveScreenshot(page, 'listing');

  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('link', { name: /^Contact (Landlord|Agent)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/register\\?action=contact&propertyId=${id}$`));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page, 'register');
});

test('an unknown property shows the not-found state', async ({ page }) => {
  await page.goto('/property/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Search' })).toBeVisible();
});

test('favouriting while signed out asks the visitor to sign in', async ({ page }) => {
  await page.goto('/search');
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Save / })
    .click();
  await expect(toasts(page).getByText('Please sign in to save properties')).toBeVisible();
});

test('the sign-in screens pass the accessibility check', async ({ page }) => {
  for (const path of [
    '/login',
    '/forgot-password',
    '/reset-password?token=abc',
    '/verify-email',
    '/verify-phone',
    '/listing-payment',
    '/account-settings',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
});
