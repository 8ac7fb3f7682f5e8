import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProviderPage, ServiceProvider } from '../api/contract/service-providers.schema.ts';
import { adminApi, signUp } from './support/api.ts';
import { toasts, unique } from './support/fixtures.ts';
import {
  answeredBodies,
  answeredRequests,
  controlledByServiceWorker,
  offlineIndicator,
  outboxItems,
  readStore,
} from './support/offline.ts';

// Issue 11: the service provider registration goes through the outbox when there is no connection.
// The service worker's own requests are cut off too when offline.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

/** Every application, of any status, whose coverage area holds `area` (the admin API). */
async function applicationsIn(admin: APIRequestContext, area: string): Promise<ServiceProvider[]> {
  const response = await admin.get(`/api/service-providers?status=all&limit=100&area=${encodeURIComponent(area)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as ProviderPage).providers;
}

test('a business registered offline on a phone is kept, then sent exactly once when the connection returns', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const business = `Offline Pipes ${unique()}`;
  const area = `Kasoa ${unique()}`;
  // The page's own request context: registering through it signs the phone in.
  const applicant = await signUp(page.request, 'owner', 'Kwesi');
  const sent = answeredRequests(context, 'POST', /^\/api\/service-providers$/);
  const received = answeredBodies(context, 'POST', /^\/api\/service-providers$/);
  const email = `offline.pipes.${unique()}@example.com`;
  const description = 'Call-outs day and night in Kasoa and Weija.';

  await page.goto('/services');
  await controlledByServiceWorker(page);
  await page.getByRole('button', { name: 'Register as Plumber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Your Business' });
  await dialog.getByLabel('Business name *').fill(business);
  await dialog.getByLabel('Contact person *').fill('Kwesi Mensah');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Phone *').fill('024 555 0199');
  await dialog.getByLabel('Business address *').fill('3 Winneba Road, Kasoa');
  await dialog.getByLabel('Service coverage area *').fill(area);
  await dialog.getByLabel('Years', { exact: true }).fill('7');
  await dialog.getByLabel('Months', { exact: true }).fill('5');
  await dialog.getByLabel('Services offered *').fill('Leaks, tanks and pumps');
  await dialog.getByLabel('Available for emergency call-outs').check();
  await dialog.getByLabel('Description (optional)').fill(description);
  // What was typed, as the registration's body: 7 years 5 months is 7 whole years, and the
  // phone goes in international form (the contract's PhoneSchema).
  const typed = {
    categoryId: 'plumber',
    businessName: business,
    contactPerson: 'Kwesi Mensah',
    email,
    phone: '+233245550199',
    businessAddress: '3 Winneba Road, Kasoa',
    serviceArea: area,
    yearsExperience: 7,
    servicesOffered: 'Leaks, tanks and pumps',
    emergencyAvailable: true,
    description,
  };

  await context.setOffline(true);
  await expect(offlineIndicator(page)).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toasts(page)).toContainText("You're offline: your registration will be sent when you're back online.");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const queued = await readStore<{ kind: string; id: string; endpoint: string; ownerId: string; label: string }>(
    page,
    'efie-outbox',
    'items',
  );
  expect(queued).toEqual([
    expect.objectContaining({
      kind: 'post-form',
      endpoint: '/api/service-providers',
      ownerId: applicant.user.id,
      label: `Business registration: ${business}`,
    }),
  ]);
  expect(await applicationsIn(admin, area)).toEqual([]);

  await context.setOffline(false);
  await expect(toasts(page)).toContainText('Registration Submitted Successfully!');
  await expect.poll(async () => (await applicationsIn(admin, area)).length).toBe(1);
  await expect.poll(async () => (await outboxItems(page)).length).toBe(0);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);

  // One application for that account, pending, sent once with the key chosen at Submit.
  const [application, ...more] = await applicationsIn(admin, area);
  expect(more).toEqual([]);
  expect(sent).toEqual([queued[0]!.id]);
  // The one body the server received is what was typed, field for field, and so is what it stored.
  expect(received).toEqual([typed]);
  expect(application).toEqual({
    ...typed,
    id: expect.any(String),
    status: 'pending',
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  const again = await page.request.post('/api/service-providers', {
    data: {
      categoryId: 'plumber',
      businessName: `${business} again`,
      contactPerson: 'Kwesi Mensah',
      email: 'again@example.com',
      phone: '024 555 0199',
      businessAddress: '3 Winneba Road, Kasoa',
      serviceArea: area,
      yearsExperience: 0,
      servicesOffered: 'Leaks',
      emergencyAvailable: false,
      description: '',
    },
  });
  expect(again.status(), 'the account already has a pending application').toBe(409);
  await admin.dispose();
});

test('online, a registration the server refuses keeps its values, and trying again sends the same submission with the same key', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const business = `Refused Pipes ${unique()}`;
  const area = `Tema ${unique()}`;
  await signUp(page.request, 'owner', 'Efua');
  const keys: string[] = [];
  await page.route('**/api/service-providers', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1)
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"down","code":"server_error"}',
      });
    return route.continue();
  });

  await page.goto('/services');
  await page.getByRole('button', { name: 'Register as Painter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Your Business' });
  await dialog.getByLabel('Business name *').fill(business);
  await dialog.getByLabel('Contact person *').fill('Efua Owusu');
  await dialog.getByLabel('Email *').fill(`refused.${unique()}@example.com`);
  await dialog.getByLabel('Phone *').fill('024 555 0142');
  await dialog.getByLabel('Business address *').fill('8 Harbour Road, Tema');
  await dialog.getByLabel('Service coverage area *').fill(area);
  await dialog.getByLabel('Services offered *').fill('Walls and gates');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Registration Failed - Please check all required fields and try again.',
  );
  await expect(dialog.getByLabel('Business name *')).toHaveValue(business);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  // Kept on the phone while it was sent (sendKeptFirst), and gone with the refusal: nothing sent later by itself.
  expect(await outboxItems(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    toasts(page).getByText('Our team will review your application and contact you within 24 hours.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await applicationsIn(admin, area)).toEqual([
    expect.objectContaining({ businessName: business, status: 'pending' }),
  ]);
  await admin.dispose();
});
