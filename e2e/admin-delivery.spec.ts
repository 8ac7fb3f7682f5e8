import { expect, test } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../api/testing/free-port.ts'
import { spawnServer, stopServer } from '../api/testing/spawn-server.ts'
import { startSmtpTestServer } from '../api/testing/smtp-test-server.ts'
import { expectAccessible, signIn, toasts, unique } from './support/fixtures'

const ADMIN = { email: 'delivery-admin@efie.test', password: 'Admin-pass-2026' }

// A server of its own, sending e-mail to an SMTP server in this process that refuses the first message for good.
test('an admin sees an e-mail the SMTP server refused, without its code, and sends it again', async ({ browser }) => {
  const smtp = await startSmtpTestServer({ onRcpt: (_to, attempt) => (attempt === 1 ? { code: 550, text: 'Mailbox unavailable' } : undefined) })
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = await spawnServer(
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'efie-delivery-')), PUBLIC_ORIGIN: origin, SMTP_URL: smtp.url(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { port },
  )
  try {
    const email = `refused.${unique()}@efie.test`
    const registered = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Efua', lastName: 'Owusu', email, password: 'renter-pass-2026', userType: 'renter' }),
    })
    expect(registered.status).toBe(201)

    const page = await (await browser.newContext({ baseURL: origin })).newPage()
    await signIn(page, ADMIN.email, ADMIN.password)
    await page.goto('/admin/image-approval')
    await page.getByRole('tab', { name: 'Delivery' }).click()
    const row = page.getByRole('list', { name: 'Failed messages' }).getByRole('listitem').filter({ hasText: email })
    await expect(row).toBeVisible({ timeout: 15_000 })
    await expect(row.getByText('Refused by the gateway')).toBeVisible()
    await expect(row.getByText('Your Efie verification code')).toBeVisible()
    await expect(row.getByText('Held a code or a link: the text is not shown.')).toBeVisible()
    await expect(row.getByText(/SMTP: .*550/)).toBeVisible()
    await expectAccessible(page, 'admin delivery')

    await row.getByRole('button', { name: `Send the message to ${email} again` }).click()
    await expect(toasts(page).getByText('Message queued')).toBeVisible()
    await expect(page.getByText('Every message was delivered. Nothing has failed.')).toBeVisible()
    await expect.poll(() => smtp.received.map((r) => r.to), { timeout: 15_000 }).toEqual([[email]])
  } finally {
    await stopServer(server.child)
    await smtp.close()
  }
})
