import { expect, test, type Page } from '@playwright/test';
import type { Property, PropertyPage } from '../api/contract/properties.schema.ts';
import { SEED_PASSWORD, SEED_RENTER_EMAIL } from '../scripts/seed/seed.ts';
import { createListing, signUp } from './support/api.ts';
import { saveScreenshot, signIn } from './support/fixtures.ts';
import { fillWizardUpToPhotos, plainPhoto } from './support/wizard.ts';

// Every screen of the PWA under the server's Content-Security-Policy (api/http/security-headers.ts),
// signed out, as a renter, a host and an admin: any violation the browser reports fails the walk.

/** Collects what the browser refuses: the console's CSP messages, page errors and securitypolicyviolation events. */
async function watchPolicy(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|Permissions-Policy|Unrecognized feature/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Refused to load (securitypolicyviolation): ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return problems;
}

/** Opens a screen, waits until it settled, and checks nothing was refused so far. */
async function visit(page: Page, problems: string[], path: string) {
  const response = await page.goto(path);
  expect(response?.ok() ?? true, path).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(problems, `on ${path}`).toEqual([]);
}

async function someLiveListing(page: Page): Promise<Property> {
  const found = (await (
    await page.request.get('/api/properties/search?location=Accra&limit=1')
  ).json()) as PropertyPage;
  expect(found.properties[0]?.images.length ?? 0).toBeGreaterThan(0);
  return found.properties[0]!;
}

test('signed out: every public screen loads with no CSP violation, photos and styles included', async ({ page }) => {
  const problems = await watchPolicy(page);
  const listing = await someLiveListing(page);
  const headers = (await page.request.get('/')).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  for (const path of [
    '/',
    '/search',
    '/search?location=Accra',
    `/property/${listing.id}`,
    '/login',
    '/register',
    '/register?userType=property_professional',
    '/forgot-password',
    '/reset-password?token=x.y',
    '/privacy-policy',
    '/terms-of-service',
    '/contact',
    '/support',
    '/services',
    '/no-such-screen',
  ]) {
    await visit(page, problems, path);
  }
  // The photos really showed: an image of the listing has its natural size.
  await visit(page, problems, `/property/${listing.id}`);
  const photo = page.locator(`img[src^="/files/"]`).first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(page, 'csp-listing-360');
  await visit(page, problems, '/');
  await saveScreenshot(page, 'csp-home-360');
});

test('renter: dashboard, favourites, account settings, services and contact screens load with no CSP violation', async ({
  page,
}) => {
  const problems = await watchPolicy(page);
  const listing = await someLiveListing(page);
  await signIn(page, SEED_RENTER_EMAIL, SEED_PASSWORD);
  expect(problems).toEqual([]);
  for (const path of [
    '/',
    '/dashboard',
    '/account-settings',
    '/services',
    `/contact-landlord/${listing.id}`,
    `/property/${listing.id}`,
    '/verify-email',
    '/verify-phone',
    '/support',
  ]) {
    await visit(page, problems, path);
  }
});

test('host: dashboards, the wizard with a photo preview, editing, payment and videos load with no CSP violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = await watchPolicy(page);
  await signUp(page.request, 'owner', 'Kwame');
  const listing = await createListing(page.request);
  for (const path of [
    '/dashboard',
    '/host-dashboard',
    `/property/${listing.id}/edit`,
    `/property/${listing.id}`,
    '/listing-payment',
    '/user/videos',
    `/images-pending-approval?propertyId=${listing.id}`,
  ]) {
    await visit(page, problems, path);
  }
  // The wizard: its Property type list (a Radix Select) locks the page's scroll with an inline
  // <style> (style-src-elem), its town suggestions (pwa/ui/combobox.tsx) must need no inline
  // style, and the chosen photo shows from a blob: URL (img-src blob:).
  await visit(page, problems, '/list-property');
  await fillWizardUpToPhotos(page, 'A flat under the policy', { type: 'House' });
  await page.getByLabel(/^Photos/).setInputFiles([await plainPhoto('room.jpg')]);
  const preview = page.getByRole('list', { name: 'Uploaded photos' }).getByRole('img').first();
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(problems, 'with a photo chosen').toEqual([]);
});

test('admin: every tab of the admin panel and the review screens load with no CSP violation', async ({ page }) => {
  const problems = await watchPolicy(page);
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await visit(page, problems, '/admin/image-approval');
  for (const tab of [
    'Properties',
    'Featured',
    'Admin Management',
    'User Analytics',
    'Settings',
    'Messages',
    'Delivery',
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    expect(problems, `on the ${tab} tab`).toEqual([]);
  }
  for (const path of [
    '/admin/service-approval',
    '/admin/video-management',
    '/admin-image-approval',
    '/admin-service-approval',
    '/dashboard',
  ]) {
    await visit(page, problems, path);
  }
});
