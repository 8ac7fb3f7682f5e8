import { expect, test, type Browser, type Page } from '@playwright/test';
import { createRandom, drawHomePhoto } from '../scripts/seed/photos.ts';
import { expectAccessible, outboxCode, saveScreenshot, signIn, toasts, unique } from './support/fixtures.ts';
import { pickPlace } from './support/wizard.ts';

/** A drawn home as a JPEG, as a phone would send it (the seed's drawing, so screenshots look real). */
const photo = async (name: string, seed: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await drawHomePhoto(createRandom(seed), 'apartment'),
});

/** A signed-in, verified account made through the API (the UI path is the renter journey's). */
async function newAccount(page: Page, userType: 'owner' | 'renter', firstName: string) {
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  const password = 'host-Password-1';
  const response = await page.request.post('/api/auth/register', {
    data: { firstName, lastName: 'Tester', email, password, userType, registrationMethod: 'email' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { requiresVerification?: boolean };
  if (body.requiresVerification) {
    const verified = await page.request.post('/api/auth/verify-email-code', {
      data: { code: await outboxCode(page.request, email) },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return { email, password };
}

async function desktop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('a host lists a property, an admin approves and features it, the host edits it, a stranger cannot', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await newAccount(page, 'owner', 'Kofi');
  const title = `Sunny flat ${unique()}`;

  // The wizard, with two photos.
  await page.goto('/list-property');
  await expect(page.getByRole('heading', { name: 'List Your Property' })).toBeVisible();
  await expectAccessible(page, 'list property, step 1');
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Two bedrooms, a balcony and steady water, ten minutes from the mall.');
  await page.getByRole('button', { name: 'Next' }).click();
  await pickPlace(page, 'Accra', { typed: 'acc' });
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveText(/Greater Accra/);
  await page.getByLabel('Price *').fill('GH₵ 2,500');
  await page.getByLabel('Bedrooms').fill('2');
  await expectAccessible(page, 'list property, step 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('WiFi').check();
  await page.getByLabel(/^Photos/).setInputFiles([await photo('living-room.jpg', 200), await photo('bedroom.jpg', 60)]);
  await expect(page.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem')).toHaveCount(2, {
    timeout: 20_000,
  });
  await expectAccessible(page, 'list property, step 3');
  await page.getByRole('button', { name: 'Submit Listing' }).click();

  await expect(page).toHaveURL(/\/images-pending-approval\?propertyId=/);
  const id = new URL(page.url()).searchParams.get('propertyId')!;
  await expect(page.getByText('Image Review')).toBeVisible();
  await expectAccessible(page, 'images pending approval');

  await page.goto('/dashboard');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Pending Approval')).toBeVisible();
  await expectAccessible(page, 'host dashboard');
  await saveScreenshot(page, 'host-dashboard');

  // An admin at a desktop approves and features it.
  const admin = await desktop(browser, baseURL!);
  await signIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin/image-approval');
  await admin.getByLabel('Search properties').fill(title);
  const row = admin.locator('section').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expectAccessible(admin, 'admin properties');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(admin).getByText('Property has been approved and is now visible to the public.')).toBeVisible();
  await row.getByRole('button', { name: 'Feature' }).click();
  await expect(row.getByText('Featured', { exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: 'Featured' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expectAccessible(admin, 'admin featured');
  // The home page shows the first 6 featured: move the new one to the top.
  const up = admin.getByRole('button', { name: `Move ${title} up` });
  const position = admin.getByRole('listitem').filter({ hasText: title }).locator('span').first();
  for (let at = Number(await position.textContent()); at > 1; at--) {
    await expect(up).toBeEnabled();
    await up.click();
    await expect(position).toHaveText(String(at - 1));
  }
  await expect(admin.getByRole('listitem').filter({ hasText: title }).locator('span').first()).toHaveText('1');
  await admin.context().close();

  // Now on the home page and in search, for anyone.
  const visitor = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('article').filter({ hasText: title }).getByText('Featured')).toBeVisible();
  await visitor.goto('/search?location=Accra');
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('article').filter({ hasText: title }).getByText('Live')).toBeVisible();

  // The host edits the title; the listing stays live.
  const edited = `${title} with balcony`;
  await page.goto(`/property/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Property' })).toBeVisible();
  await expectAccessible(page, 'edit property');
  await page.getByLabel('Title *').fill(edited);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
  await visitor.goto('/search?location=Accra');
  await expect(visitor.getByRole('heading', { name: edited })).toBeVisible();

  // A stranger cannot open the edit page.
  const stranger = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await newAccount(stranger, 'renter', 'Esi');
  await stranger.goto(`/property/${id}/edit`);
  await expect(stranger).toHaveURL(/\/dashboard$/);
  await expect(toasts(stranger).getByText("You don't have permission to edit this property")).toBeVisible();
  await expect(stranger.getByRole('heading', { name: 'Edit Property' })).toHaveCount(0);
});
