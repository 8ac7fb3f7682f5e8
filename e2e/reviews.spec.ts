import { expect, request, test } from '@playwright/test';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';

// Reviews that mean something (issue 34, ADR 410): a renter the host answered in Messages reviews
// the listing a week later, and the rating shows on its card and page. The week passes on the
// server's dev clock (POST /api/dev/clock), put back however the test ends; every account and
// message is made before the clock moves, so no limit counts a row dated in the future.

test.use({ viewport: { width: 360, height: 740 } });

test.afterEach(async ({ baseURL }) => {
  const api = await request.newContext({ baseURL: baseURL! });
  expect((await api.post('/api/dev/clock', { data: { offsetDays: 0 } })).status()).toBe(200);
  await api.dispose();
});

test('a renter the host answered reviews the listing a week later; the rating shows on its card and page, and the host answers', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const street = `Review${unique()}`;
  const title = `Room on ${street} Street`;
  const hostContext = await browser.newContext({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const hostPage = await hostContext.newPage();
  await signUp(hostPage.request, 'owner', 'Kojo');
  const listing = await createListing(hostPage.request, { title, address: `5 ${street} Street` });
  await approve(await adminApi(baseURL!), listing.id);
  await signUp(page.request, 'renter', 'Efua');

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

  // Too soon: the server says from when.
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Write a review' }).click();
  await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await page.getByLabel('What was it like?').fill('Clean and quiet, and the host answered the same day.');
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByRole('alert')).toContainText('You can review this listing from');
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'review-too-soon');

  // A week and a day later.
  expect((await page.request.post('/api/dev/clock', { data: { offsetDays: 8 } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(toasts(page).getByText('Thank you: your review is on the listing.')).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Clean and quiet, and the host answered the same day.')).toBeVisible();
  await expect(reviews.getByText('4.0 · 1 review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toBeVisible();
  await reviews.scrollIntoViewIfNeeded();
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
  await hostContext.close();
});
