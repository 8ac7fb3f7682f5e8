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
// and first in the queue; dismissing the reports puts it back for everyone. Suspending the host
// (docs/decisions/345) signs them out, refuses their sign-in and hides their listings until lifted.

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

  await card
    .getByRole('textbox', { name: 'Note to the reporters, and to the host if you suspend them (optional)' })
    .fill('The host showed us the papers.');
  await card.getByRole('button', { name: `Dismiss: ${title}` }).click();
  await expect(toasts(page).getByText('Reports dismissed: the listing stays on Efie.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect.poll(async () => (await visitor.get(`/api/properties/${listing.id}`)).status()).toBe(200);
});

test('the admin suspends a reported listing’s host: the host cannot sign in, and lifting brings the other listing back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const hostApi = await request.newContext({ baseURL: baseURL! });
  const host = await signUp(hostApi, 'agent', 'Yaw');
  const title = `Viewing-fee flat ${unique()}`;
  const reported = await createListing(hostApi, { title });
  const other = await createListing(hostApi, { title: `Room next door ${unique()}` });
  const admin = await adminApi(baseURL!);
  await approve(admin, reported.id);
  await approve(admin, other.id);
  const renter = await request.newContext({ baseURL: baseURL! });
  await signUp(renter, 'renter', 'Adjoa');
  const sent = await renter.post(`/api/properties/${reported.id}/reports`, {
    data: { reason: 'scam', note: 'He wanted GH₵ 300 before showing the room' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const visitor = await request.newContext({ baseURL: baseURL! });
  const isLive = async (id: string) => (await visitor.get(`/api/properties/${id}`)).status() === 200;

  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
  await page.getByRole('tab', { name: 'Reports' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await card
    .getByRole('textbox', { name: 'Note to the reporters, and to the host if you suspend them (optional)' })
    .fill('Three renters paid viewing fees and never saw a room.');
  await card.getByRole('button', { name: `Suspend the host of ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Suspend Yaw Tester?' });
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, 'reports-suspend-confirm');
  await dialog.getByRole('button', { name: 'Suspend host' }).click();
  await expect(toasts(page).getByText(/owner suspended/)).toBeVisible();
  await expect.poll(() => isLive(other.id)).toBe(false);
  expect(await isLive(reported.id)).toBe(false);
  // The host's own session ended with the suspension.
  expect((await hostApi.get('/api/auth/user')).status()).toBe(401);

  const hostPage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await hostPage.goto('/login');
  await hostPage.getByRole('textbox', { name: 'Email' }).fill(host.email);
  await hostPage.getByLabel('Password', { exact: true }).fill(host.password);
  await hostPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(hostPage.getByRole('alert').filter({ hasText: 'This account is suspended' })).toBeVisible();
  await expectNoSidewaysScroll(hostPage);
  await saveScreenshot(hostPage, 'sign-in-suspended');

  await page.getByRole('button', { name: 'Suspended accounts' }).click();
  const row = page.getByRole('listitem').filter({ hasText: host.email });
  await expect(row.getByText('Three renters paid viewing fees and never saw a room.')).toBeVisible();
  await expect(row.getByText(/2 hidden listings/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'the suspended accounts');
  await saveScreenshot(page, 'reports-suspended-hosts');
  await row.getByRole('button', { name: 'Lift the suspension of Yaw Tester' }).click();
  await expect(toasts(page).getByText('Suspension lifted', { exact: true })).toBeVisible();
  await expect.poll(() => isLive(other.id)).toBe(true);
  // The reported listing stays hidden by the admins' decision.
  expect(await isLive(reported.id)).toBe(false);
  await hostPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(hostPage).toHaveURL(/\/$/);
});
