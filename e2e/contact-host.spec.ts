import { expect, request, test } from '@playwright/test';
import { adminApi, approve, createListing, PASSWORD, signUp } from './support/api.ts';
import { outboxCode, saveScreenshot, unique, uniquePhone } from './support/fixtures.ts';

// Contacting a host by WhatsApp (issue 33, docs/decisions/350): the tap is recorded, WhatsApp opens
// with a message naming the listing, and the host's dashboard counts the person who asked.

test.use({ viewport: { width: 360, height: 740 } });

test('a renter taps WhatsApp on a listing; WhatsApp opens with the listing named, and the host sees one person asked', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The host signs up by phone: WhatsApp and calls go to the number the account signs in with.
  const host = await request.newContext({ baseURL: baseURL! });
  const phone = uniquePhone();
  const registered = await host.post('/api/auth/register', {
    data: {
      firstName: 'Kofi',
      lastName: 'Tester',
      phone,
      password: PASSWORD,
      userType: 'owner',
      registrationMethod: 'phone',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await host.post('/api/auth/verify-phone-code', { data: { code: await outboxCode(host, phone) } });
  expect(verified.status(), await verified.text()).toBe(200);
  const title = `Flat near the lorry station ${unique()}`;
  const listing = await createListing(host, { title });
  await approve(await adminApi(baseURL!), listing.id);

  const renter = await signUp(page.request, 'renter', 'Ama');
  await page.goto(`/property/${listing.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'WhatsApp' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'contact-host-buttons');
  // No internet here: WhatsApp's page is answered by the test, and what the app asked for is kept.
  let opened: URL | undefined;
  await page.route('https://wa.me/**', async (route) => {
    opened = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<h1>WhatsApp</h1>' });
  });
  await page.getByRole('button', { name: 'WhatsApp' }).click();
  await expect(page.getByRole('heading', { name: 'WhatsApp' })).toBeVisible();
  expect(opened?.pathname).toBe(`/${phone.replace(/\D/g, '')}`);
  expect(opened?.searchParams.get('text')).toContain(`"${title}"`);
  expect(opened?.searchParams.get('text')).toContain(`/property/${listing.id}`);
  expect(renter.user.firstName).toBe('Ama');

  const hostPage = await page
    .context()
    .browser()!
    .newPage({ baseURL: baseURL!, viewport: { width: 360, height: 740 } });
  const signedIn = await hostPage.request.post('/api/auth/login', {
    data: { registrationMethod: 'phone', phone, password: PASSWORD },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await hostPage.goto('/dashboard');
  await expect(hostPage.getByText('1 person asked (1 by WhatsApp)')).toBeVisible();
  await saveScreenshot(hostPage, 'contact-host-dashboard');
  await hostPage.close();
});
