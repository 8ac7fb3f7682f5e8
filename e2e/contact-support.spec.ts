import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TeamMessage, TeamMessagePage } from '../api/contract/messages.schema.ts';
import { adminApi } from './support/api.ts';
import { expectAccessible, signIn, toasts, unique } from './support/fixtures.ts';
import {
  answeredRequests,
  controlledByServiceWorker,
  offlineIndicator,
  outboxItems,
  readStore,
} from './support/offline.ts';

// Issue 11: the support and contact forms, the legal pages, and the admin's Messages tab.
// The service worker's own requests are cut off too when offline.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

/** The team's messages with this subject, as the admin API lists them (all statuses). */
async function messagesAbout(admin: APIRequestContext, subject: string): Promise<TeamMessage[]> {
  const response = await admin.get('/api/admin/messages?status=all&limit=100');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as TeamMessagePage).messages.filter((message) => message.subject === subject);
}

async function chooseRole(page: Page, role: string) {
  await page.getByRole('combobox', { name: 'User Type' }).click();
  await page.getByRole('option', { name: role }).click();
}

test('a visitor sends a phone-method contact message: Sending..., the success toast, an empty form, and the team has it', async ({
  page,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const subject = `Two flats in Kumasi ${unique()}`;
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Efie' })).toBeVisible();
  for (const card of ['Support Center', 'General Enquiries', 'All Contact Emails', 'Verified Business'])
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  await expect(page.getByRole('link', { name: 'legal@efie.app' })).toHaveAttribute('href', 'mailto:legal@efie.app');
  const instagram = page.getByRole('list', { name: 'Efie on social media' }).getByRole('link', { name: /Instagram/ });
  await expect(instagram).toHaveAttribute('target', '_blank');
  await expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByText('Privacy Protected')).toBeVisible();

  // Checked on submit, in the spec's words.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText('Missing Required Fields');
  await page.getByLabel('First Name').fill('Kofi');
  await page.getByLabel('Last Name').fill('Owusu');
  await page.getByRole('radio', { name: 'Phone' }).check();
  await expect(page.getByLabel('Email Address')).toHaveCount(0);
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
  await chooseRole(page, 'Landlord');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('How do I list two flats near Kejetia?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText('Phone Required');
  await expect(toasts(page)).toContainText('Please provide your phone number.');
  await page.getByLabel('Phone Number').fill('024 412 3456');

  // Held at the network until the button has been seen sending.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact/message', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sending = page.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  await expect(page.getByTestId('send-spinner')).toBeVisible();
  release();

  await expect(toasts(page)).toContainText('Message Sent Successfully');
  await expect(toasts(page)).toContainText("We'll get back to you within 24-48 hours. Thank you for contacting Efie!");
  const reference = (await page.getByTestId('message-reference').textContent())!;
  expect(reference).toMatch(/^EF-[0-9A-Z]{6}$/);
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'User Type' })).toContainText('Select your role');

  const [stored, ...more] = await messagesAbout(admin, subject);
  expect(more).toEqual([]);
  expect(stored).toMatchObject({
    form: 'contact',
    reference,
    firstName: 'Kofi',
    lastName: 'Owusu',
    contactMethod: 'phone',
    phone: '024 412 3456',
    email: null,
    userType: 'landlord',
    status: 'unhandled',
  });
  await admin.dispose();
});

test('the contact form keeps what was typed when the server refuses, with the spec error toast', async ({ page }) => {
  await page.route('**/api/contact/message', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down","code":"server_error"}' }),
  );
  await page.goto('/contact');
  await page.getByLabel('First Name').fill('Esi');
  await page.getByLabel('Last Name').fill('Asante');
  await page.getByLabel('Email Address').fill('esi@example.com');
  await chooseRole(page, 'Tenant/Renter');
  await page.getByLabel('Subject').fill('Deposit question');
  await page.getByLabel('Message', { exact: true }).fill('Is a deposit usual in Accra?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText(
    'Failed to send message. Please try again or contact us directly via email.',
  );
  await expect(page.getByLabel('First Name')).toHaveValue('Esi');
  await expect(page.getByLabel('Email Address')).toHaveValue('esi@example.com');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a support message typed offline is kept, then sent exactly once when the connection returns', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  const subject = `Offline support ${unique()}`;
  // The Idempotency-Keys of the POSTs the server answered (the page's and the service worker's).
  const sent = answeredRequests(context, 'POST', /^\/api\/support\/message$/);
  await page.goto('/support');
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();

  await context.setOffline(true);
  await expect(offlineIndicator(page)).toBeVisible();
  await page.getByLabel('Email Address').fill('ama.offline@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('The water in the flat has been off since Monday.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText("You're offline: your message will be sent when you're back online.");
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();
  const queued = await readStore<{ kind: string; endpoint: string; id: string; body: { subject: string } }>(
    page,
    'efie-outbox',
    'items',
  );
  expect(queued).toEqual([
    expect.objectContaining({
      kind: 'post-form',
      endpoint: '/api/support/message',
      body: expect.objectContaining({ subject }),
    }),
  ]);
  expect(await messagesAbout(admin, subject)).toEqual([]);

  await context.setOffline(false);
  await expect(toasts(page)).toContainText('Message Sent Successfully');
  await expect.poll(async () => (await messagesAbout(admin, subject)).length).toBe(1);
  // Nothing is left to send it again: the outbox is empty and the bar gone.
  await expect.poll(async () => (await readStore(page, 'efie-outbox', 'items')).length).toBe(0);
  await expect(page.getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  // One POST reached the server, with the queued item's key: not a second one the server deduplicated.
  expect(sent).toEqual([queued[0]!.id]);
  const [stored, ...more] = await messagesAbout(admin, subject);
  expect(more).toEqual([]);
  expect(stored).toMatchObject({
    form: 'support',
    email: 'ama.offline@example.com',
    reference: expect.stringMatching(/^EF-[0-9A-Z]{6}$/),
    status: 'unhandled',
  });
  await admin.dispose();
});

test('a queued message the server refuses stops with its reason in the offline bar, and is not retried', async ({
  page,
  context,
}) => {
  await page.goto('/support');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.getByLabel('Email Address').fill('kwame@example.com');
  await page.getByLabel('Subject').fill('Refused later');
  await page.getByLabel('Message', { exact: true }).fill('This one the server will refuse.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: '1 waiting to send' })).toBeVisible();

  // The server refuses this message; any other goes through.
  let calls = 0;
  await context.route('**/api/support/message', (route) => {
    if ((route.request().postDataJSON() as { subject?: string }).subject !== 'Refused later') return route.continue();
    calls++;
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Invalid email address', code: 'invalid_input' }),
    });
  });
  await context.setOffline(false);
  const summary = page.getByRole('button', { name: '1 not sent, 0 waiting' });
  await expect(summary).toBeVisible();
  await summary.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent: Invalid email address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  // Stopped for good: marked failed, so no drain sends it again until the person says so.
  const [item, ...others] = await readStore<{ kind: string; status: string; httpStatus: number }>(
    page,
    'efie-outbox',
    'items',
  );
  expect(others).toEqual([]);
  expect(item).toMatchObject({ kind: 'post-form', status: 'failed', httpStatus: 400 });
  expect(calls).toBe(1);

  // More drains, with the refused item still there: the app's start (a reload), then coming back
  // online (a forced drain, as after an outage) with another message queued. That message
  // reaching the server shows the forced drain ran over the outbox; the refused one was not sent again.
  await page.reload();
  await controlledByServiceWorker(page);
  await expect(summary).toBeVisible();
  const subject = `Sent after a refusal ${unique()}`;
  const passed = answeredRequests(context, 'POST', /^\/api\/support\/message$/);
  await context.setOffline(true);
  await page.getByLabel('Email Address').fill('kwame@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('This one the server will take.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect.poll(async () => (await outboxItems(page)).length).toBe(2);
  await context.setOffline(false);
  await expect.poll(async () => (await outboxItems(page)).map((left) => left.status)).toEqual(['failed']);
  expect(passed).toHaveLength(1);
  expect(calls).toBe(1);

  await summary.click();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect.poll(async () => (await readStore(page, 'efie-outbox', 'items')).length).toBe(0);
});

test('both legal pages show all their sections and read offline after one visit, as do /support, /contact and /services', async ({
  page,
  context,
}) => {
  await page.goto('/privacy-policy');
  await controlledByServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
  await expect(page.getByText('Effective date: 7/26/2025')).toBeVisible();
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(20);
  await expect(page.getByText('Effective date: 7/25/2025')).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Efie' })).toBeVisible();
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Maintenance Services' })).toBeVisible();

  await context.setOffline(true);
  for (const [path, heading, sections] of [
    ['/privacy-policy', 'Privacy Policy', 12],
    ['/terms-of-service', 'Terms of Service', 20],
  ] as const) {
    await page.goto(path);
    await expect(offlineIndicator(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(sections);
  }
  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Home Maintenance Services' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Plumber' })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await context.setOffline(false);
  await page.goto('/terms-of-service');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('no serious or critical accessibility violations on /support, /contact, the legal pages and the Messages tab', async ({
  page,
}) => {
  for (const path of ['/support', '/contact', '/privacy-policy', '/terms-of-service']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }
  // A message to mark handled, through the API as a visitor would send it.
  const subject = `Axe message ${unique()}`;
  const sent = await page.request.post('/api/support/message', {
    data: { email: 'axe@example.com', subject, message: 'Testing the Messages tab.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await signIn(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto('/admin/image-approval');
  await page.getByRole('tab', { name: 'Messages' }).click();
  const row = page.getByRole('listitem').filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'Admin Panel, Messages');
  await row.getByRole('button', { name: 'Mark handled' }).click();
  await expect(toasts(page)).toContainText('Message marked as handled');
  await expect(page.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);
  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: subject })).toContainText(
    `Handled by ${process.env.E2E_ADMIN_EMAIL}`,
  );
});
