import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectRedirectAfter,
  expectVisibleOnStoppedClock,
  openAccountMenu,
  outboxCode,
  stopClock,
  toasts,
  unique,
  uniquePhone,
} from './support/fixtures.ts';

test('a renter registers by phone, verifies, saves a favourite, updates the profile and changes the password', async ({
  page,
}) => {
  const phone = uniquePhone();
  const password = 'first-Password-1';
  const newPassword = 'second-Password-2';

  // The clock runs as usual until the test stops it for the redirect after verifying.
  await page.clock.install();
  await page.goto('/register');
  await page.getByLabel('First name').fill('Ama');
  await page.getByLabel('Last name').fill('Mensah');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('combobox', { name: 'Account type' }).click();
  await page.getByRole('option', { name: 'Renter' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/verify-phone$/);
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  await expect(verify).toBeDisabled();
  await expectAccessible(page, 'verify phone');
  await page.getByLabel('Verification code').fill(await outboxCode(page.request, phone));
  await expect(verify).toBeEnabled();
  await stopClock(page);
  await verify.click();
  await expectVisibleOnStoppedClock(page, page.getByText('Your phone number is verified'));
  await expectRedirectAfter(page, 3_000, /\/$/);
  await page.clock.resume();

  // Save the first search result and find it under Saved Properties.
  await page.goto('/search');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: `Save ${title}` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from saved properties` })).toBeVisible();
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Saved Properties' }).click();
  await expect(page.getByRole('heading', { name: 'Saved Properties' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page, 'saved properties');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expectAccessible(page, 'dashboard');

  // Profile.
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expectAccessible(page, 'account settings');
  await page.getByLabel('First Name').fill('Ama Serwaa');
  const newEmail = `ama.${unique()}@example.com`;
  await page.getByLabel('Email Address').fill(newEmail);
  // A new sign-in address asks for the password; it waits for its code while the old one keeps working.
  await page.getByLabel('Password to confirm this change').fill(password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Verification Required', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please check your email for verification instructions.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Waiting for a code sent to ${newEmail}` })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Ama Serwaa');

  // Password: the form is collapsed until asked for, and Cancel resets it.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByLabel('Current Password', { exact: true }).fill(password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password', { exact: true }).fill('mismatch-Password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toasts(page).getByText('Password changed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Password', { exact: true })).toBeHidden();

  // Sign out, then back in by phone with the new password.
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openAccountMenu(page);
  await expect(page.getByText('Ama Serwaa Mensah')).toBeVisible();
});

test('a wrong password shows the server message in a red alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(`nobody.${unique()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});
