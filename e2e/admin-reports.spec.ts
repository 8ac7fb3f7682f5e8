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

// The admins' Reports tab (issue 33, docs/decisions/340): a listing three renters reported is hidden
// and first in the queue; dismissing the reports puts it back for everyone.

test.use({ viewport: { width: 360, height: 740 } });

test('three reports hide a listing; the admin sees it first in Reports, dismisses them, and it is back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const host = await request.newContext({ baseURL: baseURL! });
  await signUp(host, 'owner', 'Kofi');
  const title = `Too-cheap flat ${unique()}`;
  const listing = await createListing(host, { title });
  await approve(await adminApi(baseURL!), listing.id);
  for (const name of ['Ama', 'Esi', 'Akua']) {
    const renter = await request.newContext({ baseURL: baseURL! });
    await signUp(renter, 'renter', name);
    const reported = await renter.post(`/api/properties/${listing.id}/reports`, {
      data: { reason: 'scam', note: `${name}: the agent asked for a viewing fee by MoMo` },
    });
    expect(reported.status(), await reported.text()).toBe(201);
  }
  const visitor = await request.newContext({ baseURL: baseURL! });
  expect((await visitor.get(`/api/properties/${listing.id}`)).status()).toBe(404);

  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
  await page.getByRole('tab', { name: 'Reports' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Hidden by reports')).toBeVisible();
  await expect(card.getByRole('list', { name: `Reports about ${title}` }).getByRole('listitem')).toHaveCount(3);
  await expect(card.getByText('Esi: the agent asked for a viewing fee by MoMo')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the Reports tab');
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'reports-admin-queue');

  await card.getByRole('textbox', { name: 'Note to the reporters (optional)' }).fill('The host showed us the papers.');
  await card.getByRole('button', { name: `Dismiss: ${title}` }).click();
  await expect(toasts(page).getByText('Reports dismissed: the listing stays on Efie.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect.poll(async () => (await visitor.get(`/api/properties/${listing.id}`)).status()).toBe(200);
});
