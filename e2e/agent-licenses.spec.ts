import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminApi, approve, createListing, signUp } from './support/api.ts';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreenshot,
  signIn,
  toasts,
  unique,
} from './support/fixtures.ts';

// Agents' licences (issue 33, docs/decisions/330): the agent gives the number under the Real Estate
// Agency Act, 2020 (Act 1047) in Account Settings, an admin checks it in the Agents tab and verifies
// or rejects it with a reason, and the agent sees the finding.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
test.use({ viewport: PHONE });

const licence = () => `REAC/AG/${unique().toUpperCase()}`;

/** The agent gives a number in Account Settings and is told it waits for an admin. */
async function giveNumber(page: Page, number: string) {
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'License Number' });
  await expect(field).toHaveAccessibleDescription(
    'No licence number yet: add it so renters see you are licensed (Real Estate Agency Act, 2020 (Act 1047))',
  );
  await field.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'licence-account-none');
  await field.fill(number);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Profile updated')).toBeVisible();
  await expect(field).toHaveAccessibleDescription('Waiting for an admin to check your licence number');
  await expect(page.getByText('Unverified agent')).toBeVisible();
}

/** The admin panel's Agents tab, signed in as the e2e server's admin. */
async function agentsTab(browser: Browser, baseURL: string, viewport: typeof PHONE) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
  await page.getByRole('tab', { name: 'Agents' }).click();
  await expect(page.getByText("Check each number in the Real Estate Agency Council's register")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending', pressed: true })).toBeVisible();
  return { context, page };
}

test('an agent gives a licence number, an admin verifies it, and the agent sees it verified', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUp(page.request, 'agent', 'Kwabena');
  const listing = await createListing(page.request, { title: `Agent's flat ${unique()}` });
  await approve(await adminApi(baseURL!), listing.id);
  const number = licence();
  await giveNumber(page, number);
  await expectAccessible(page, 'account settings, licence waiting');
  await expectNoSidewaysScroll(page);
  await page.getByRole('textbox', { name: 'License Number' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'licence-account-pending');

  const admin = await agentsTab(browser, baseURL!, PHONE);
  const row = admin.page.getByRole('list', { name: 'Agents' }).getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Kwabena Tester');
  await expect(row).toContainText(number);
  await expect(row).toContainText('1 live listing');
  await expect(row).toContainText('Waiting for a check');
  await expectNoSidewaysScroll(admin.page);
  await expectAccessible(admin.page, 'admin agents tab');
  await admin.page.getByRole('tab', { name: 'Agents' }).scrollIntoViewIfNeeded();
  await saveScreenshot(admin.page, 'licence-admin-tabs-360');
  await row.scrollIntoViewIfNeeded();
  await saveScreenshot(admin.page, 'licence-admin-pending-360');

  await row.getByRole('button', { name: 'Verify the licence of Kwabena Tester' }).click();
  await expect(toasts(admin.page).getByText('Licence verified')).toBeVisible();
  // Gone from the pending list; listed under Verified with the day of the finding.
  await expect(row).toHaveCount(0);
  await admin.page.getByRole('button', { name: 'Verified' }).click();
  await expect(row).toContainText('Verified on');
  await expect(row.getByRole('button', { name: 'Verify the licence of Kwabena Tester' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Reject the licence of Kwabena Tester' })).toBeVisible();
  await admin.context.close();

  await page.reload();
  const field = page.getByRole('textbox', { name: 'License Number' });
  await expect(field).toHaveAccessibleDescription(/Licence verified/);
  await expect(page.getByText('Verified agent')).toBeVisible();
  await expectAccessible(page, 'account settings, licence verified');
  await field.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'licence-account-verified');

  // A new number is checked afresh: the agent is told before saving, and waits again after.
  await field.fill(licence());
  await expect(page.getByText('A new number is checked again by an admin once you save it')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(field).toHaveAccessibleDescription('Waiting for an admin to check your licence number');
});

test('an admin rejects a licence number with a reason, after a number changed under them, and the agent reads why', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUp(page.request, 'agent', 'Akosua');
  const first = licence();
  await giveNumber(page, first);

  const admin = await agentsTab(browser, baseURL!, DESKTOP);
  const row = admin.page.getByRole('list', { name: 'Agents' }).getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText(first);
  await saveScreenshot(admin.page, 'licence-admin-pending-1280');

  // The agent changes the number while the admin looks at the old one.
  const second = licence();
  const changed = await page.request.put('/api/auth/profile', {
    data: { firstName: 'Akosua', lastName: 'Tester', licenseNumber: second },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await row.getByRole('button', { name: 'Reject the licence of Akosua Tester' }).click();
  const form = row.getByRole('form', { name: `Reject ${first}` });
  const reason = form.getByRole('textbox', { name: 'Reason (the agent is shown it)' });
  await expect(reason).toBeFocused();
  // A rejection says why.
  await form.getByRole('button', { name: 'Reject licence' }).click();
  await expect(reason).toHaveAccessibleDescription('Say why the licence is rejected: the agent is shown it');
  await expectAccessible(admin.page, 'admin agents tab, reject form');
  await saveScreenshot(admin.page, 'licence-admin-reject-1280');
  await reason.fill('Not on the Council’s register for 2026');
  await form.getByRole('button', { name: 'Reject licence' }).click();
  await expect(
    toasts(admin.page).getByText(`The agent's licence number is now ${second}: check that number before deciding.`),
  ).toBeVisible();
  // The list shows the new number; the admin checks that one.
  await expect(row).toContainText(second);
  await expect(row).not.toContainText(first);
  await row.getByRole('button', { name: 'Reject the licence of Akosua Tester' }).click();
  const again = row.getByRole('form', { name: `Reject ${second}` });
  await again.getByRole('textbox', { name: 'Reason (the agent is shown it)' }).fill('Not on the Council’s register');
  await again.getByRole('button', { name: 'Reject licence' }).click();
  await expect(toasts(admin.page).getByText('Licence rejected')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.page.getByRole('button', { name: 'Rejected' }).click();
  await expect(row).toContainText('Not on the Council’s register');
  await expect(row).toContainText('Rejected on');
  await row.getByRole('button', { name: 'Verify the licence of Akosua Tester' }).scrollIntoViewIfNeeded();
  await saveScreenshot(admin.page, 'licence-admin-rejected-1280');
  await admin.context.close();

  await page.reload();
  const field = page.getByRole('textbox', { name: 'License Number' });
  await expect(field).toHaveValue(second);
  await expect(field).toHaveAccessibleDescription('Licence number not accepted: Not on the Council’s register');
  await expect(page.getByText('Unverified agent')).toBeVisible();
  await expectAccessible(page, 'account settings, licence rejected');
  await expectNoSidewaysScroll(page);
  await field.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'licence-account-rejected');
});
