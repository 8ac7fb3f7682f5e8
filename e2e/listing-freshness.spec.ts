import { expect, test } from '@playwright/test';
import type { OutboxMessage } from '../api/contract/auth.schema.ts';
import type { PropertyPage } from '../api/contract/properties.schema.ts';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import { expectAccessible, expectNoSidewaysScroll, saveScreenshot, toasts, unique } from './support/fixtures.ts';

// Listings that stay true (issue 34, ADR 400): a listing nobody confirms leaves search after 45
// days and comes back with one tap. The sweep's clock is moved through the dev route, for this
// listing only; the server's own clock, and everyone else's listings, stay as they are.

test.use({ viewport: { width: 360, height: 740 } });

const DAY = 24 * 60 * 60 * 1000;

test('a listing nobody confirms is reminded, leaves search at 45 days, and comes back with one tap from the dashboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const street = `Fresh${unique()}`;
  const title = `Room on ${street} Street`;
  const host = await signUp(page.request, 'owner', 'Kwesi');
  const listing = await createListing(page.request, { title, address: `3 ${street} Street` });
  const admin = await adminApi(baseURL!);
  await approve(admin, listing.id);
  const approvedAt = Date.now();

  const found = async () => {
    const response = await page.request.get(`/api/properties/search?location=${encodeURIComponent(street)}`);
    return ((await response.json()) as PropertyPage).properties.map((p) => p.title);
  };
  const sweep = async (days: number) => {
    const response = await page.request.post('/api/dev/freshness-sweep', {
      data: { at: new Date(approvedAt + days * DAY).toISOString(), listingIds: [listing.id] },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { reminded: number; expired: number };
  };
  expect(await found()).toEqual([title]);

  // Renters see when it was last confirmed.
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByText('Confirmed available today')).toBeVisible();
  await saveScreenshot(page, 'freshness-listing');

  // Day 38: the host is reminded, with a link that asks the question in one tap.
  expect(await sweep(38)).toEqual({ reminded: 1, expired: 0 });
  const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(host.email)}`);
  const reminder = ((await outbox.json()) as { messages: OutboxMessage[] }).messages.find((m) =>
    m.subject?.startsWith(`Is "${title.slice(0, 50)}`),
  );
  expect(reminder).toBeDefined();
  const link = /https?:\/\/\S+\/host-dashboard\?confirm=[\w-]+/.exec(reminder!.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  const prompt = page.getByRole('heading', { name: `Is “${title}” still available?` });
  await expect(prompt).toBeVisible();
  await expect(page.getByText(/Leaves search on/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'host dashboard, still available?');
  await saveScreenshot(page, 'freshness-prompt');

  // Nobody answers. Day 45: it leaves search, and the host is told.
  expect(await sweep(44)).toEqual({ reminded: 0, expired: 0 });
  expect(await sweep(45)).toEqual({ reminded: 0, expired: 1 });
  expect(await found()).toEqual([]);
  const told = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(host.email)}`);
  expect(((await told.json()) as { messages: OutboxMessage[] }).messages[0]!.subject).toBe(
    `"${title.slice(0, 50)}" has left search`,
  );

  // The dashboard says why, and one tap brings it back without a new review.
  await page.goto('/host-dashboard');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Left search: not confirmed for 45 days.')).toBeVisible();
  await expect(card.getByText('Left search', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'freshness-expired-card');
  await card.getByRole('button', { name: 'Bring it back' }).click();
  await expect(toasts(page).getByText('Back on Efie: renters find it in search again.')).toBeVisible();
  await expect(card.getByText('Confirmed available today')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Already let' })).toBeVisible();
  await saveScreenshot(page, 'freshness-back-card');
  expect(await found()).toEqual([title]);

  // "Already let" takes it down at once.
  await card.getByRole('button', { name: 'Already let' }).click();
  await expect(toasts(page).getByText('Marked as let: it has left search.')).toBeVisible();
  await expect(card.getByText('Marked as let: out of search.')).toBeVisible();
  await expect(card.getByText('Let', { exact: true })).toBeVisible();
  expect(await found()).toEqual([]);
});
