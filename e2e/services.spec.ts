import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { signUp } from './support/api.ts';
import { expectAccessible, signIn, toasts, unique } from './support/fixtures.ts';

async function desktop(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/** A phone-sized page of a new browser, signed in as a new verified renter. */
async function renterPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 393, height: 851 },
    isMobile: true,
    hasTouch: true,
  });
  await signUp(context.request, 'renter', 'Akosua');
  return context.newPage();
}

const directoryCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test('a business registers on a phone, an admin approves it, a renter finds it, the admin revokes it and approves it again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const business = `Kofi Pipes ${unique()}`;
  const businessEmail = `pipes.${unique()}@example.com`;

  // A visitor who opens the directory is asked to sign up or log in and sent to /register.
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'Home Maintenance Services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Building Contractor / Mason' })).toBeVisible();
  for (const name of ['Plumber', 'Electrician', 'Painter', 'Gardener'])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText('Our team reviews every application within 24 hours.')).toBeVisible();
  await expectAccessible(page, 'services, register view (visitor)');
  await page.getByRole('tab', { name: 'Service Directory' }).click();
  await expect(toasts(page).getByText('Please sign up or log in to see the service directory.')).toBeVisible();
  await expect(page).toHaveURL(/\/register\?action=services$/);

  // Signing in brings them back to the directory.
  const api = await request.newContext({ baseURL: baseURL! });
  const applicant = await signUp(api, 'owner', 'Kofi');
  await api.dispose();
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Email' }).fill(applicant.email);
  await page.getByLabel('Password', { exact: true }).fill(applicant.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/services\?view=directory$/);
  await expect(page.getByRole('tab', { name: 'Service Directory', selected: true })).toBeVisible();

  // The registration form: the spec's checks, then a plumbing business.
  await page.getByRole('tab', { name: 'Register Your Business' }).click();
  await page.getByRole('button', { name: 'Register as Plumber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register Your Business' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'services, registration dialog');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Registration Failed - Please check all required fields and try again.',
  );
  await expect(dialog.getByText('Business name is required')).toBeVisible();
  await dialog.getByLabel('Business name *').fill(business);
  await dialog.getByLabel('Contact person *').fill('Kofi Asante');
  await dialog.getByLabel('Email *').fill(businessEmail);
  await dialog.getByLabel('Phone *').fill('024 555 0101');
  await dialog.getByLabel('Business address *').fill('12 Ring Road, Accra');
  await dialog.getByLabel('Service coverage area *').fill('Accra and Tema');
  await dialog.getByLabel('Years').fill('6');
  await dialog.getByLabel('Months').fill('12');
  await dialog.getByLabel('Services offered *').fill('Leaks, boreholes, water heaters');
  await dialog.getByLabel('Available for emergency call-outs').check();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(dialog.getByText('Months must be between 0 and 11')).toBeVisible();
  await dialog.getByLabel('Months').fill('11');
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    toasts(page).getByText('Our team will review your application and contact you within 24 hours.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // An admin at a desktop approves it.
  const admin = await desktop(browser, baseURL!);
  await signIn(admin, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await admin.goto('/admin-service-approval');
  await expect(admin).toHaveURL(/\/admin\/service-approval$/);
  await expect(admin.getByRole('heading', { name: 'Service Provider Approval' })).toBeVisible();
  const application = admin.getByRole('listitem').filter({ hasText: business });
  await expect(application.getByText('6 years')).toBeVisible();
  await expect(admin.getByRole('tab', { name: /^Pending \(\d+\)$/ })).toBeVisible();
  await expectAccessible(admin, 'admin service approval');
  const approvedTab = admin.getByRole('tab', { name: /^Approved \(\d+\)$/ });
  const approvedBefore = Number(/\((\d+)\)/.exec((await approvedTab.textContent())!)![1]);
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(admin).getByText('Service provider approved')).toBeVisible();
  await expect(application).toHaveCount(0);
  await expect(approvedTab).toHaveText(`Approved (${approvedBefore + 1})`);
  const outbox = await admin.request.get(`/api/dev/outbox?to=${encodeURIComponent(businessEmail)}`);
  // Nobody proved the application's address: the e-mail does not carry the business name the applicant typed.
  const approvalMail = await outbox.text();
  expect(approvalMail).toContain('Your business is approved on Efie');
  expect(approvalMail).not.toContain(business);

  // A renter on a phone finds it in the directory with its badges.
  const renter = await renterPhone(browser, baseURL!);
  await renter.goto('/services?view=directory');
  await renter.getByRole('combobox', { name: 'Category' }).click();
  await renter.getByRole('option', { name: 'Plumber' }).click();
  await renter.getByLabel('Emergency only').check();
  await expect(renter).toHaveURL(/category=plumber/);
  const card = directoryCard(renter, business);
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Emergency Available')).toBeVisible();
  await expect(card.getByRole('link', { name: '+233245550101' })).toHaveAttribute('href', 'tel:+233245550101');
  await expectAccessible(renter, 'services, directory');

  // The admin revokes the approval; it leaves the directory.
  await approvedTab.click();
  const approved = admin.getByRole('listitem').filter({ hasText: business });
  await approved.getByRole('button', { name: 'Revoke Approval' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke Approval' }).click();
  await expect(toasts(admin).getByText('Approval revoked')).toBeVisible();
  await admin.getByRole('tab', { name: /^Rejected/ }).click();
  const rejected = admin.getByRole('listitem').filter({ hasText: business });
  await expect(rejected.getByRole('button', { name: 'Approve' })).toBeVisible();

  await renter.reload();
  await expect(renter.getByText(/^\d+ providers?$/)).toBeVisible();
  await expect(directoryCard(renter, business)).toHaveCount(0);

  // Approved again, it is back.
  await rejected.getByRole('button', { name: 'Approve' }).click();
  await expect(toasts(admin).getByText('Service provider approved')).toBeVisible();
  await expect(rejected).toHaveCount(0);
  await renter.reload();
  await expect(directoryCard(renter, business).getByText('Verified', { exact: true })).toBeVisible();
});

test('the approval screen shows Access Denied to a signed-in non-admin and to a visitor', async ({ page }) => {
  await page.goto('/admin/service-approval');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await signUp(page.request, 'owner', 'Yaw');
  await page.goto('/admin/service-approval');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveCount(0);
});
