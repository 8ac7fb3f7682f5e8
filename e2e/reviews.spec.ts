import { expect, request, test } from '@playwright/test';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreenshot,
  signIn,
  toasts,
  unique,
} from './support/fixtures.ts';

// Reviews that mean something (issue 34, ADR 410): a renter the host answered in Messages reviews
// the listing a week later (the page says from when before, and offers no form after), the rating
// shows on its card and page, and an admin removes the review from the admin panel. The week passes on the
// server's dev clock (POST /api/dev/clock), put back however the test ends; every account and
// message is made before the clock moves, so no limit counts a row dated in the future.

test.use({ viewport: { width: 360, height: 740 } });

test.afterEach(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL: baseURL! });
  expect((await api.post('/api/dev/clock', { data: { offsetDays: 0 } })).status()).toBe(200);
  await api.dispose();
});

test('a renter the host answered reviews the listing a week later, once; the rating shows on its card and page, the host answers, and an admin removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const street = `Review${unique()}`;
  const title = `Room on ${street} Street`;
  const text = 'Clean and quiet, and the host answered the same day.';
  const hostContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const hostPage = await hostContext.newPage();
  await signUp(hostPage.request, 'owner', 'Kojo');
  const listing = await createListing(hostPage.request, { title, address: `5 ${street} Street` });
  await approve(await adminApi(baseURL!), listing.id);
  await signUp(page.request, 'renter', 'Efua');
  // The admin signs in now too: nothing is made once the clock has moved.
  const adminContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);

  // Efua asks in Messages; Kojo answers.
  const started = await page.request.post(`/api/properties/${listing.id}/conversations`, {
    data: { text: 'Is it still available?' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };
  const reply = await hostPage.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { text: 'Yes. Come and see it on Saturday.' },
  });
  expect(reply.status()).toBe(201);

  // Too soon: the page says from when, and offers no form the server would refuse.
  await page.goto(`/property/${listing.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  const tooSoon = reviews.getByText(
    /^You can review this listing from .+, a week after its host first answered you\.$/,
  );
  await expect(tooSoon).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await tooSoon.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'review-too-soon');

  // A week and a day later, the form.
  expect((await page.request.post('/api/dev/clock', { data: { offsetDays: 8 } })).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Write a review' }).click();
  await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await page.getByLabel('What was it like?').fill(text);
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(toasts(page).getByText('Thank you: your review is on the listing.')).toBeVisible();
  // Reviewed: their review, said to be theirs, and no form any more.
  await expect(reviews.getByRole('heading', { name: 'You reviewed this listing' })).toBeVisible();
  await expect(reviews.getByText(text)).toHaveCount(1);
  await expect(reviews.getByText('4.0 · 1 review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await expect(tooSoon).toHaveCount(0);
  await page.reload();
  await expect(reviews.getByRole('heading', { name: 'You reviewed this listing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await reviews.getByRole('heading', { name: 'You reviewed this listing' }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'listing page with a review');
  await saveScreenshot(page, 'review-on-listing');

  // The card in search carries the rating too.
  await page.goto(`/search?location=${encodeURIComponent(street)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('4.0 · 1 review')).toBeVisible();
  await saveScreenshot(page, 'review-on-card');

  // Kojo answers, once.
  await hostPage.goto(`/property/${listing.id}`);
  await hostPage.getByLabel('Your answer (you can answer once)').fill('Thank you, Efua. Welcome any time.');
  await hostPage.getByRole('button', { name: 'Post answer' }).click();
  await expect(toasts(hostPage).getByText('Your answer is under the review.')).toBeVisible();
  await expect(hostPage.getByText('The host answered', { exact: true })).toBeVisible();
  await expect(hostPage.getByLabel('Your answer (you can answer once)')).toHaveCount(0);
  await expect(hostPage.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  await hostContext.close();

  // An admin finds it in the panel's Reviews tab and removes it, saying why.
  await adminPage.goto('/admin/image-approval');
  await adminPage.getByRole('tab', { name: 'Reviews' }).click();
  await adminPage.getByRole('searchbox', { name: 'Find reviews' }).fill(street);
  const row = adminPage
    .getByRole('list', { name: 'Reviews' })
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name: title }) });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysScroll(adminPage);
  await adminPage.getByRole('searchbox', { name: 'Find reviews' }).scrollIntoViewIfNeeded();
  await saveScreenshot(adminPage, 'review-admin-tab');
  await expect(row.getByText(text)).toBeVisible();
  await expect(row.getByText('Thank you, Efua. Welcome any time.')).toBeVisible();
  await expect(row.getByText(/^By Efua /)).toBeVisible();
  await row.getByRole('button', { name: `Remove the review by Efua Tester of ${title}` }).click();
  // The reason is required.
  await row.getByRole('button', { name: 'Remove review' }).click();
  await expect(row.getByText('Say which rule it breaks')).toBeVisible();
  await row.getByLabel('Which rule does it break? (its author will read this)').fill('It names a neighbour.');
  await expectNoSidewaysScroll(adminPage);
  await expectAccessible(adminPage, 'the Reviews tab');
  await row.scrollIntoViewIfNeeded();
  await saveScreenshot(adminPage, 'review-admin-remove');
  await row.getByRole('button', { name: 'Remove review' }).click();
  await expect(toasts(adminPage).getByText('Review removed', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'Removed' }).click();
  await expect(row.getByText(/^Removed on .+: It names a neighbour\.$/)).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await saveScreenshot(adminPage, 'review-admin-removed');
  await adminContext.close();

  // The rating leaves the listing; Efua is told why her review went, and cannot write another.
  await page.goto(`/property/${listing.id}`);
  await expect(reviews.getByRole('heading', { name: 'You reviewed this listing' })).toBeVisible();
  await expect(
    reviews.getByText(/^Efie removed your review on .+: it no longer counts in the rating\.$/),
  ).toBeVisible();
  await expect(reviews.getByText('Why: It names a neighbour.')).toBeVisible();
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
  await expect(reviews.getByText('4.0 · 1 review')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  const visitor = await request.newContext({ baseURL: baseURL! });
  expect(await (await visitor.get(`/api/properties/${listing.id}`)).json()).toMatchObject({
    averageRating: null,
    reviewCount: 0,
  });
  await visitor.dispose();
  await reviews.getByRole('heading', { name: 'You reviewed this listing' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'review-removed-yours');
});
