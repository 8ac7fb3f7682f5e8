import { expect, test } from '@playwright/test';
import type { Property } from '../api/contract/properties.schema.ts';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';
import { cached, controlledByServiceWorker, liveListing, outboxItems, register } from './support/offline.ts';
import { pickPlace } from './support/wizard.ts';

// Advance rent (issue 33): a host says how many months of rent they ask up front; above the Rent
// Act's six months a Ghanaian listing carries a notice, and renters can keep to "at most 6 months".

test.use({ viewport: { width: 360, height: 740 } });

const RENT_ACT = "Ghana's Rent Act, 1963 (Act 220) limits advance rent to six months.";

test('a host in Hohoe (missing before) gives a GhanaPost GPS address, asks 12 months up front and is told of the Rent Act; a visitor sees the notice, and the at-most-6-months filter hides the listing but keeps one asking 3', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Both listings share a made-up street, so a search for it finds the two and nothing else.
  const street = `Advance${unique()}`;
  const title = `Two-bedroom flat in Hohoe ${unique()}`;
  await signUp(page.request, 'owner', 'Adwoa');
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Two bedrooms, a kitchen and a porch, near the lorry station.');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickPlace(page, 'Hohoe', { typed: 'hohoe' });
  await page.getByLabel('Address', { exact: true }).fill(`7 ${street} Lane`);
  await page.getByRole('textbox', { name: 'GhanaPost GPS address (optional)' }).fill('vh 212 7734');
  await page.getByLabel('Price *').fill('800');

  // What is not a whole number of months is said at once, and Next stays on the step.
  const advance = page.getByRole('textbox', { name: 'Rent paid up front (months)' });
  await expect(advance).toHaveAttribute('inputmode', 'numeric');
  await advance.fill('1.5');
  await advance.blur();
  await expect(page.getByText('Advance rent must be a whole number of months from 0 to 60')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toasts(page).getByText('Advance rent must be a whole number of months from 0 to 60')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Location & price' })).toBeVisible();
  await toasts(page).getByRole('button', { name: 'Close' }).click();

  // 12 months: allowed, with the Rent Act's limit said beside the field.
  await advance.fill('12');
  await expect(page.getByText('Advance rent must be a whole number')).toHaveCount(0);
  await expect(page.getByText(RENT_ACT)).toBeVisible();
  await expect(page.getByText(/your listing will carry a notice/)).toBeVisible();
  await advance.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'list property, advance rent above the Rent Act');
  await saveScreenshot(page, 'advance-rent-wizard');
  // Six months is within the law: no hint.
  await advance.fill('6');
  await expect(page.getByText(RENT_ACT)).toHaveCount(0);
  await advance.fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit Listing' }).click();
  await expect(page).toHaveURL(/\/images-pending-approval\?propertyId=/);
  const id = new URL(page.url()).searchParams.get('propertyId')!;

  const mine = (await (await page.request.get(`/api/properties/${id}`)).json()) as Property;
  expect({
    advance: mine.advanceRentMonths,
    exceeds: mine.exceedsRentActAdvance,
    gps: mine.digitalAddress,
    place: [mine.city, mine.region],
  }).toEqual({ advance: 12, exceeds: true, gps: 'VH-212-7734', place: ['Hohoe', 'Volta'] });
  // The edit form holds what was asked.
  await page.goto(`/property/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rent paid up front (months)' })).toHaveValue('12');
  await expect(page.getByText(RENT_ACT)).toBeVisible();

  // An admin approves it; another host's listing on the same street asks 3 months.
  const admin = await adminApi(baseURL!);
  await approve(admin, id);
  const otherHost = await browser.newContext({ baseURL: baseURL! });
  await signUp(otherHost.request, 'owner', 'Kojo');
  const modest = await createListing(otherHost.request, {
    title: `Chamber and hall in Hohoe ${unique()}`,
    city: 'Hohoe',
    address: `9 ${street} Lane`,
    advanceRentMonths: 3,
  });
  expect({ advance: modest.advanceRentMonths, exceeds: modest.exceedsRentActAdvance }).toEqual({
    advance: 3,
    exceeds: false,
  });
  await approve(admin, modest.id);
  await otherHost.close();

  // A visitor sees the months and the notice on the listing page.
  const visitorContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/property/${id}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('Rent up front: 12 months', { exact: true })).toBeVisible();
  const notice = visitor.getByRole('note').filter({ hasText: 'Rent Act' });
  await expect(notice).toContainText('This landlord asks for 12 months of rent up front.');
  await expect(notice).toContainText(RENT_ACT);
  await expect(notice).toContainText('You do not have to pay more than that.');
  await expect(notice).toContainText('Never pay anything before you have seen the place and its documents.');
  await notice.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(visitor);
  await expectAccessible(visitor, 'listing page with the Rent Act notice');
  await saveScreenshot(visitor, 'advance-rent-listing');
  // The 3-month listing says its months and carries no notice.
  await visitor.goto(`/property/${modest.id}`);
  await expect(visitor.getByText('Rent up front: 3 months', { exact: true })).toBeVisible();
  await expect(visitor.getByText(RENT_ACT)).toHaveCount(0);

  // In search both show; the filter keeps the one within the law.
  await visitor.goto(`/search?location=${street}`);
  const cards = visitor.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: title })).toContainText('12 months rent up front');
  await expect(cards.filter({ hasText: modest.title })).not.toContainText('up front');
  await expectNoSidewaysScroll(visitor);
  await cards
    .filter({ hasText: title })
    .getByText('12 months rent up front')
    .evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await saveScreenshot(visitor, 'advance-rent-search-card');
  await expectAccessible(visitor, 'search results with a listing asking more than the Rent Act allows');
  await visitor.getByRole('button', { name: /^Filters/ }).click();
  const filter = visitor.locator('#filter-panel').getByRole('checkbox', { name: 'At most 6 months rent up front' });
  await expect(filter).not.toBeChecked();
  await filter.check();
  await expect(visitor).toHaveURL(/[?&]maxAdvanceRent=6(&|$)/);
  await expect(cards).toHaveCount(1);
  await expect(cards.filter({ hasText: modest.title })).toBeVisible();
  await expect(cards.filter({ hasText: title })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /^Filters/ })).toContainText('1 active filters');
  await filter.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expectNoSidewaysScroll(visitor);
  await expectAccessible(visitor, 'search filters with the advance-rent filter');
  await saveScreenshot(visitor, 'advance-rent-filter');

  // The filter is in the URL: opened anew, the page searches with it and the box is ticked.
  await visitor.reload();
  await expect(cards).toHaveCount(1);
  await expect(cards.filter({ hasText: modest.title })).toBeVisible();
  await visitor.getByRole('button', { name: /^Filters/ }).click();
  await expect(filter).toBeChecked();
  await filter.uncheck();
  await expect(visitor).not.toHaveURL(/maxAdvanceRent/);
  await expect(cards).toHaveCount(2);
  await visitorContext.close();
});

test('an advance rent changed offline waits on the phone, which shows the notice at once, and arrives when back online', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await register(page.request, 'owner', 'Ekua');
  const listing = await liveListing(baseURL!, undefined, page.request);
  await page.goto('/');
  await controlledByServiceWorker(page);
  await page.goto(`/property/${listing.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await cached(page, 'properties', 'detail', listing.id);
  const advance = page.getByRole('textbox', { name: 'Rent paid up front (months)' });
  await expect(advance).toHaveValue('');

  await context.setOffline(true);
  await advance.fill('12');
  await expect(page.getByText(RENT_ACT)).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Saved on this device')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  // The queued edit carries the months, and this phone shows the listing as the server will.
  const queued = (await outboxItems(page)) as unknown as { kind: string; body: { advanceRentMonths?: unknown } }[];
  expect(queued.map((item) => [item.kind, item.body.advanceRentMonths])).toEqual([['edit-listing', 12]]);
  await expect(page.getByText('Rent up front: 12 months', { exact: true })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: RENT_ACT })).toBeVisible();

  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
  const sent = (await (await page.request.get(`/api/properties/${listing.id}`)).json()) as Property;
  expect({ advance: sent.advanceRentMonths, exceeds: sent.exceedsRentActAdvance }).toEqual({
    advance: 12,
    exceeds: true,
  });
});
