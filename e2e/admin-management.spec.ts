import { expect, request, test } from '@playwright/test';
import { signUp } from './support/api.ts';
import { expectAccessible, signIn, toasts, unique } from './support/fixtures.ts';

test('an admin at a desktop grants admin to a verified account by e-mail, sees it listed, then revokes it', async ({
  browser,
  baseURL,
}) => {
  // The future admin: an account with a verified e-mail, made through the API.
  const grantee = await request.newContext({ baseURL: baseURL! });
  const { email } = await signUp(grantee, 'owner', 'Abena');
  expect((await grantee.get('/api/admin/admins')).status()).toBe(403);

  const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
  await page.getByRole('tab', { name: 'Admin Management' }).click();
  const admins = page.getByRole('list', { name: 'Admins' });
  const self = admins.getByRole('listitem').filter({ hasText: process.env.E2E_ADMIN_EMAIL! });
  await expect(self.getByText('You', { exact: true })).toBeVisible();
  await expect(self.getByRole('button')).toHaveCount(0);

  // An address nobody registered: a clear refusal, under the field and in a toast.
  const field = page.getByRole('textbox', { name: 'Email address' });
  await field.fill(`nobody.${unique()}@example.com`);
  await page.getByRole('button', { name: 'Grant admin' }).click();
  await expect(
    toasts(page).getByText('No account uses this e-mail address. The person must register first.'),
  ).toBeVisible();
  await expect(field).toHaveAccessibleDescription(
    'No account uses this e-mail address. The person must register first.',
  );

  await field.fill(email);
  await page.getByRole('button', { name: 'Grant admin' }).click();
  await expect(toasts(page).getByText('Abena Tester is now an admin.')).toBeVisible();
  const row = admins.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Abena Tester');
  await expect(field).toHaveValue('');
  expect((await grantee.get('/api/admin/admins')).status()).toBe(200);
  await expectAccessible(page, 'admin management');

  await row.getByRole('button', { name: 'Revoke admin rights of Abena Tester' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke admin rights?' });
  await expect(dialog).toContainText(email);
  await expectAccessible(page, 'admin management, revoke confirmation');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toasts(page).getByText('Abena Tester is no longer an admin.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(self).toBeVisible();
  // The grantee's session is an ordinary one again at its next request.
  expect((await grantee.get('/api/admin/admins')).status()).toBe(403);

  await grantee.dispose();
  await context.close();
});
