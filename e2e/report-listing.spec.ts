import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Property } from '../api/contract/properties.schema.ts';
import { adminApi, approve, createListing, signUp, type Account } from './support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';

// Reporting a listing (issue 33, docs/decisions/340): a safety note on the listing and contact pages,
// "Report this listing" for signed-in people other than the owner, three different people's reports
// hide the listing, and an agent's listing says whether the agent's licence was checked.

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const SAFETY = 'Stay safe: never pay a viewing fee or a deposit before you have seen the place and its documents.';
const THANKS = 'Thank you. The Efie team will look at this listing and tell you what they decide.';
const ALREADY = 'You have already reported this listing. The Efie team will tell you what they decide.';

/** A live listing on a street of its own, so a search for the street finds it and nothing else. */
async function liveListing(browser: Browser, baseURL: string, userType: 'owner' | 'agent' = 'owner') {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const host = await signUp(page.request, userType, userType === 'agent' ? 'Yaw' : 'Akosua');
  const street = `Report${unique()}`;
  const listing = await createListing(page.request, {
    title: `Chamber and hall in Tamale ${unique()}`,
    address: `3 ${street} Road`,
  });
  const admin = await adminApi(baseURL);
  await approve(admin, listing.id);
  await admin.dispose();
  return { context, page, host, listing, street };
}

/** A renter of their own, signed in on a page of their own. */
async function renter(browser: Browser, baseURL: string, name: string): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  return { page, account: await signUp(page.request, 'renter', name) };
}

const reportByApi = (page: Page, listing: Property) =>
  page.request.post(`/api/properties/${listing.id}/reports`, { data: { reason: 'scam', note: 'Asked for a fee' } });

test('a visitor sees the safety note and is sent to sign in to report; three renters hide the listing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { listing, street, context: hostContext } = await liveListing(browser, baseURL!);

  // A visitor: the note near the contact card, and the report link leads to signing in.
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { name: listing.title })).toBeVisible();
  const note = page.getByRole('note').filter({ hasText: 'Stay safe' });
  await expect(note).toHaveText(SAFETY);
  const reportLink = page.getByRole('link', { name: 'Report this listing' });
  await reportLink.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'listing page with the safety note');
  await saveScreenshot(page, 'report-listing-visitor');
  await reportLink.click();
  await expect(page).toHaveURL(/\/login$/);

  // The first renter has reported through the API; signing in here brings them back to the listing,
  // where a second report is told it is already made.
  const first = await renter(browser, baseURL!, 'Ama');
  expect((await reportByApi(first.page, listing)).status()).toBe(201);
  await page.getByRole('textbox', { name: 'Email' }).fill(first.account.email);
  await page.getByLabel('Password', { exact: true }).fill(first.account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${listing.id}$`));
  await page.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('radio', { name: 'Wrong price' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toasts(page)).toContainText(ALREADY);
  await expect(dialog).toHaveCount(0);

  // The second through the API; the third on the page, after the form asks what "something else" is.
  const second = await renter(browser, baseURL!, 'Kwame');
  expect((await reportByApi(second.page, listing)).status()).toBe(201);
  const third = await renter(browser, baseURL!, 'Efua');
  await third.page.goto(`/property/${listing.id}`);
  await expect(third.page.getByRole('note').filter({ hasText: 'Stay safe' })).toBeVisible();
  await third.page.getByRole('button', { name: 'Report this listing' }).click();
  const form = third.page.getByRole('dialog', { name: 'Report this listing' });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Choose what is wrong with this listing')).toBeVisible();
  await form.getByRole('radio', { name: 'Something else' }).check();
  await expect(form.getByText('Choose what is wrong with this listing')).toHaveCount(0);
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Tell us what is wrong with this listing')).toBeVisible();
  await form.getByRole('textbox', { name: 'What is wrong' }).fill('The photos are of another house in Kumasi.');
  await expect(form.getByText('Tell us what is wrong with this listing')).toHaveCount(0);
  await expectNoSidewaysScroll(third.page);
  await expectAccessible(third.page, 'report form');
  await saveScreenshot(third.page, 'report-listing-form');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(toasts(third.page)).toContainText(THANKS);
  await expect(form).toHaveCount(0);

  // Held for review: the listing page says not found, and a search for its street finds nothing.
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
  await page.goto(`/search?location=${street}`);
  await expect(page.getByText('No properties match your search')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  for (const p of [first.page, second.page, third.page]) await p.context().close();
  await hostContext.close();
});

test('a signed-in renter sees the note on the contact page; the owner is offered no report', async ({
  browser,
  baseURL,
}) => {
  const { listing, page: owner, context } = await liveListing(browser, baseURL!);
  await owner.goto(`/property/${listing.id}`);
  // Signed in: the Save button shows once the session is known.
  await expect(owner.getByRole('button', { name: `Save ${listing.title}` })).toBeVisible();
  await expect(owner.getByRole('note').filter({ hasText: 'Stay safe' })).toBeVisible();
  await expect(owner.getByText('Report this listing')).toHaveCount(0);
  await context.close();

  const { page } = await renter(browser, baseURL!, 'Kojo');
  await page.goto(`/contact-landlord/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Contact Landlord' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(SAFETY);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'contact page with the safety note');
  await saveScreenshot(page, 'report-contact-page');
  await page.context().close();
});

test("an agent's listing says the agent is unverified, on its page and on its card", async ({
  page,
  browser,
  baseURL,
}) => {
  const { listing, street, context } = await liveListing(browser, baseURL!, 'agent');
  await context.close();
  await page.goto(`/property/${listing.id}`);
  const contact = page.getByRole('heading', { name: 'Contact Agent' }).locator('..');
  await expect(contact.getByText('Unverified agent')).toBeVisible();
  await contact.getByText('Unverified agent').scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, 'report-agent-listing');
  await page.goto(`/search?location=${street}`);
  const card = page.getByRole('article').filter({ hasText: listing.title });
  await expect(card.getByText('Unverified agent')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "search card of an unverified agent's listing");
  await saveScreenshot(page, 'report-agent-card');
});
