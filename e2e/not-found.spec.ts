import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures.ts';

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page, '404');
});

test('the hyphen spellings of the admin pages lead to the slash forms', async ({ page }) => {
  await page.goto('/admin-image-approval');
  await expect(page).toHaveURL(/\/admin\/image-approval$/);
  await page.goto('/admin-service-approval');
  await expect(page).toHaveURL(/\/admin\/service-approval$/);
});
