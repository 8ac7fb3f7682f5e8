import { expect, request, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../testing/free-port.ts';
import { spawnServer, stopServer } from '../testing/spawn-server.ts';
import { startSmtpTestServer } from '../testing/smtp-test-server.ts';
import { register } from './support/api.ts';
import { expectAccessible, signIn, toasts } from './support/fixtures.ts';

const ADMIN = { email: 'delivery-admin@efie.test', password: 'Admin-pass-2026' };

// A server of its own, sending e-mail to an SMTP server in this process that refuses the first message for good.
test('an admin sees an e-mail the SMTP server refused, without its code, and sends it again', async ({ browser }) => {
  const smtp = await startSmtpTestServer({
    onRcpt: (_to, attempt) => (attempt === 1 ? { code: 550, text: 'Mailbox unavailable' } : undefined),
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-delivery-')),
      PUBLIC_ORIGIN: origin,
      SMTP_URL: smtp.url(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { port },
  );
  try {
    // Registering sends the verification code, which the SMTP server refuses.
    const visitor = await request.newContext({ baseURL: origin });
    const { email } = await register(visitor, 'renter', 'Efua');
    await visitor.dispose();

    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/image-approval');
    await page.getByRole('tab', { name: 'Delivery' }).click();
    const row = page.getByRole('list', { name: 'Failed messages' }).getByRole('listitem').filter({ hasText: email });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Refused by the gateway')).toBeVisible();
    await expect(row.getByText('Your Efie verification code')).toBeVisible();
    await expect(row.getByText('Held a code or a link: the text is not shown.')).toBeVisible();
    await expect(row.getByText(/SMTP: .*550/)).toBeVisible();
    // No code anywhere on the tab: no six digits in its text, nor in its markup (attributes, hidden text).
    const tab = page.getByRole('tabpanel', { name: 'Delivery' });
    await expect(tab).not.toContainText(/\d{6}/);
    const markup = await tab.innerHTML();
    expect(markup).not.toMatch(/\d{6}/);
    await expectAccessible(page, 'admin delivery');

    await row.getByRole('button', { name: `Send the message to ${email} again` }).click();
    await expect(toasts(page).getByText('Message queued')).toBeVisible();
    // E-mail goes out over SMTP here; SMS has no gateway, and the tab says so (issue 28).
    await expect(page.getByText('Nothing has failed. SMS are only recorded, not delivered (see above).')).toBeVisible();
    await expect.poll(() => smtp.received.map((r) => r.to), { timeout: 15_000 }).toEqual([[email]]);
    // The message sent again held a code: the tab had shown no trace of it.
    const code = /\b(\d{6})\b/.exec(smtp.received[0]!.mail.text ?? '')?.[1];
    expect(code, 'the verification e-mail holds a 6-digit code').toBeDefined();
    expect(markup).not.toContain(code);
  } finally {
    await stopServer(server.child);
    await smtp.close();
  }
});

// A server of its own whose SMS budget is 1 an hour: the second phone registration's code waits, and the tab says so.
test('an admin sees that the hourly SMS budget is reached, how many SMS wait and when sending resumes', async ({
  browser,
}) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer(
    {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-sms-budget-')),
      PUBLIC_ORIGIN: origin,
      SMS_HOURLY_BUDGET: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    { port },
  );
  try {
    const visitor = await request.newContext({ baseURL: origin });
    for (const phone of ['024 555 0101', '024 555 0102']) {
      const registered = await visitor.post('/api/auth/register', {
        data: { firstName: 'Esi', lastName: 'Ansah', userType: 'renter', password: 'correct-horse-battery', phone },
      });
      expect(registered.status()).toBe(201);
    }
    await visitor.dispose();

    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/image-approval');
    await page.getByRole('tab', { name: 'Delivery' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'SMS budget reached' });
    await expect(notice).toContainText(/SMS budget reached: 1 SMS waiting, sending resumes at \d\d:\d\d/, {
      timeout: 15_000,
    });
    await expect(notice).toContainText('1 of 1 SMS an hour sent.');
    await expectAccessible(page, 'admin delivery, SMS budget reached');
  } finally {
    await stopServer(server.child);
  }
});
