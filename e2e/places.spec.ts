import { expect, test, type Page } from '@playwright/test';
import type { Property } from '../api/contract/properties.schema.ts';
import { adminApi, approve, signUp } from './support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';
import { pickPlace } from './support/wizard.ts';

// Any town of Ghana (issue 33): the wizard's town field suggests from the gazetteer, forgives a
// slip, fills the region, and keeps a town the list lacks once its region is chosen.

test.use({ viewport: { width: 360, height: 740 } });

async function startListing(page: Page, title: string) {
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Two rooms and a porch, a short walk from the lorry station.');
  await page.getByRole('button', { name: 'Next' }).click();
}

async function submit(page: Page) {
  await page.getByLabel('Price *').fill('700');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(page).toHaveURL(/\/images-pending-approval\?propertyId=/);
  return new URL(page.url()).searchParams.get('propertyId')!;
}

test('a host lists in Hohoe with a slip, and a visitor finds it by its region', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'owner', 'Esi');
  const title = `House in Hohoe ${unique()}`;
  await startListing(page, title);

  const town = page.getByRole('combobox', { name: 'Town *' });
  await town.focus();
  await expect(page.getByText('Towns: GeoNames, CC BY 4.0')).toBeInViewport();
  await town.fill('ho');
  await expect(page.getByRole('option', { name: 'Ho, Volta' })).toBeVisible();
  await saveScreenshot(page, 'places-wizard-suggestions');
  await town.fill('hohoee');
  const hohoe = page.getByRole('option', { name: 'Hohoe, Volta' });
  await expect(hohoe).toBeVisible();
  await expect(town).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'list property, town suggestions');
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'places-wizard-town');
  // The keys work as the mouse does: down to the first suggestion, Enter picks it.
  await town.press('ArrowDown');
  await expect(town).toHaveAttribute('aria-activedescendant', /.+/);
  await town.press('Enter');
  await expect(town).toHaveValue('Hohoe');
  await expect(town).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText(/Volta/);
  const id = await submit(page);

  const mine = (await (await page.request.get(`/api/properties/${id}`)).json()) as Property;
  expect({ city: mine.city, region: mine.region }).toEqual({ city: 'Hohoe', region: 'Volta' });

  // The edit form shows the same place.
  await page.goto(`/property/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Town *' })).toHaveValue('Hohoe');
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText(/Volta/);
  await expectNoSidewaysScroll(page);
  await page.getByRole('combobox', { name: 'Region' }).evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await saveScreenshot(page, 'places-edit-form');

  await approve(await adminApi(baseURL!), id);
  const visitor = await (
    await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } })
  ).newPage();
  await visitor.goto('/search?location=Volta');
  await expect(visitor.getByRole('article').filter({ hasText: title })).toBeVisible();
});

test('a town the list lacks is kept as typed once its region is chosen', async ({ page }) => {
  await signUp(page.request, 'owner', 'Kwaku');
  await startListing(page, `Room in Nkwanta ${unique()}`);
  await page.getByRole('combobox', { name: 'Town *' }).fill('Nkwanta');
  await expect(page.getByText('Not in the list? Choose the region, then type your town.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Oti', exact: true }).click();
  await expect(page.getByText('“Nkwanta” is not in the list: it will be listed as typed, in Oti.')).toBeVisible();
  await saveScreenshot(page, 'places-wizard-unlisted');
  const id = await submit(page);
  const listing = (await (await page.request.get(`/api/properties/${id}`)).json()) as Property;
  expect({ city: listing.city, region: listing.region }).toEqual({ city: 'Nkwanta', region: 'Oti' });
});

test('choosing another region clears a listed town that is not in it', async ({ page }) => {
  await signUp(page.request, 'owner', 'Yaa');
  await startListing(page, `Flat ${unique()}`);
  await pickPlace(page, 'Kumasi', { typed: 'kum' });
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText(/Ashanti/);
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Volta', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Town *' })).toHaveValue('');
  // The region narrows the suggestions to its towns.
  await page.getByRole('combobox', { name: 'Town *' }).fill('ho');
  await expect(page.getByRole('option', { name: 'Ho, Volta' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Ashanti/ })).toHaveCount(0);
});

test('a host gives a GhanaPost GPS address as typed; a signed-in renter sees and copies it, a visitor does not, and search finds it whole', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page.request, 'owner', 'Selasi');
  const title = `Compound house in Hohoe ${unique()}`;
  await startListing(page, title);
  await pickPlace(page, 'Hohoe', { typed: 'hohoe' });

  const gps = page.getByRole('textbox', { name: 'GhanaPost GPS address (optional)' });
  await expect(gps).toHaveAttribute('autocapitalize', 'characters');
  await gps.fill('GA-18');
  await gps.blur();
  await expect(page.getByText('Enter a GhanaPost GPS address like GA-183-8164')).toBeVisible();
  await expect(gps).toHaveAttribute('aria-invalid', 'true');
  // Next stays on this step while the code reads as none.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Location & price' })).toBeVisible();
  await gps.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'list property, GPS address refused');
  await saveScreenshot(page, 'places-gps-error');
  await gps.fill('ga 183 8164');
  await expect(page.getByText('Enter a GhanaPost GPS address like GA-183-8164')).toHaveCount(0);
  await saveScreenshot(page, 'places-gps-filled');
  const id = await submit(page);

  const mine = (await (await page.request.get(`/api/properties/${id}`)).json()) as Property;
  expect(mine.digitalAddress).toBe('GA-183-8164');
  await approve(await adminApi(baseURL!), id);

  // A renter signed in sees the code on the listing page and copies it.
  const renterContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  await renterContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(renterContext.request, 'renter', 'Kofi');
  const renter = await renterContext.newPage();
  await renter.goto(`/property/${id}`);
  await expect(renter.getByRole('heading', { name: title })).toBeVisible();
  await expect(renter.getByText('GPS address', { exact: true })).toBeVisible();
  await expect(renter.getByText('GA-183-8164', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(renter);
  await saveScreenshot(renter, 'places-gps-listing');
  await renter.getByRole('button', { name: /^Copy/ }).click();
  await expect(toasts(renter).getByText('GPS address copied')).toBeVisible();
  expect(await renter.evaluate(() => navigator.clipboard.readText())).toBe('GA-183-8164');
  await expectAccessible(renter, 'listing page with a GPS address');
  await renterContext.close();

  // A visitor gets no code from the API, so the page has no row; search by the whole code finds the one listing.
  const visitorContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/property/${id}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('GPS address', { exact: true })).toHaveCount(0);
  await expect(visitor.getByText('GA-183-8164')).toHaveCount(0);
  await visitor.goto('/search?location=GA-183-8164');
  const cards = visitor.getByRole('article');
  await expect(cards.filter({ hasText: title })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await visitorContext.close();
});
