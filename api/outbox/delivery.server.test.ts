import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterAnswer, User } from '../contract/auth.schema.ts';
import { loadConfig } from '../env.ts';
import { listen } from '../http/listen.ts';
import { silentLogger } from '../logger.ts';
import { createMessageSender } from '../runtime.ts';
import { TEST_PASSWORD, uniqueEmail, uniquePhone } from '../../testing/accounts.ts';
import { startSmsTestGateway, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from '../../testing/sms-test-gateway.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { createTestApp, TEST_ORIGIN } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { startOutboxWorker } from './outbox.worker.ts';

const database = useMigratedDatabase();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/**
 * The real app over HTTP with the senders `api/runtime.ts` picks for these
 * settings, and the real outbox worker polling every 20 ms, as `npm start` runs it
 * (the text of a sent code is forgotten, as in production).
 */
async function startEfie(env: Record<string, string>) {
  const config = loadConfig({ PUBLIC_ORIGIN: TEST_ORIGIN, DATA_DIR: '/tmp/efie-test-unused', ...env });
  const { app, deps } = await createTestApp(database(), {
    config: { smtp: config.smtp, sms: config.sms, devOutbox: false },
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = listen(app.fetch, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const worker = startOutboxWorker(deps.db, createMessageSender(deps.config, silentLogger).sender, {
    log: silentLogger,
    pollMs: 20,
    forgetSecrets: true,
  });
  cleanups.push(async () => {
    await worker.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let cookie = '';
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie()[0];
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return res;
  };
  return { deps, post };
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('messages that really arrive', () => {
  it('e-mails the verification code over SMTP, and the code from the received mail verifies the account', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const efie = await startEfie({ SMTP_URL: smtp.url('efie:mail-secret'), MAIL_FROM: 'Efie <hello@efie.example>' });
    const email = uniqueEmail();
    const registered = await efie.post('/api/auth/register', {
      firstName: 'Akosua',
      lastName: 'Boateng',
      email,
      password: TEST_PASSWORD,
      userType: 'renter',
    });
    const answer = (await registered.json()) as RegisterAnswer;
    expect(registered.status, JSON.stringify(answer)).toBe(201);
    expect(answer).toMatchObject({
      requiresVerification: true,
      verificationMethod: 'email',
      user: { emailVerified: false },
    });

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 15_000, interval: 20 });
    const [delivery] = smtp.received;
    expect(delivery!.to).toEqual([email]);
    expect(delivery!.from).toBe('hello@efie.example');
    expect(delivery!.user).toBe('efie:mail-secret');
    expect(delivery!.mail.subject).toBe('Your Efie verification code');
    // The mail arrives before the worker records the acceptance: wait for the record, not a guess.
    const row = await vi.waitFor(
      async () => {
        const [sent] = await efie.deps.db.query<{
          id: string;
          provider_id: string;
          provider_response: string;
          body: string;
          sent_at: Date | null;
        }>('select id, provider_id, provider_response, body, sent_at from outbox_messages');
        expect(sent?.sent_at).toBeTruthy();
        return sent;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(delivery!.mail.messageId).toBe(`<${row!.id}@efie.example>`);
    expect(row!.provider_id).toBe(`<${row!.id}@efie.example>`);
    expect(row!.provider_response).toMatch(/^250 .*Queued as test-1/);
    // Sent, and in production its code is not kept.
    expect(codeIn(row!.body)).toBeUndefined();
    const code = codeIn(delivery!.mail.text ?? '');
    expect(code).toMatch(/^\d{6}$/);
    expect(delivery!.mail.html).toContain(`verification code is ${code}`);

    const verified = await efie.post('/api/auth/verify-email-code', { code });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ user: { email, emailVerified: true, isVerified: true } });
  });

  it('sends the code of a phone registration through the SMS gateway as Twilio expects it', async () => {
    const gateway = await startSmsTestGateway();
    cleanups.push(gateway.close);
    const efie = await startEfie(gateway.env);
    const phone = uniquePhone();
    const registered = await efie.post('/api/auth/register', {
      firstName: 'Kojo',
      lastName: 'Asante',
      phone,
      registrationMethod: 'phone',
      password: TEST_PASSWORD,
      userType: 'renter',
    });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({
      verificationMethod: 'phone',
      user: { phone, phoneVerified: false },
    });

    await vi.waitFor(() => expect(gateway.requests).toHaveLength(1), { timeout: 15_000, interval: 20 });
    const [request] = gateway.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(request!.authorization).toBe(
      `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString('base64')}`,
    );
    expect([...request!.form.keys()].sort()).toEqual(['Body', 'From', 'To']);
    expect(request!.form.get('To')).toBe(phone);
    expect(request!.form.get('From')).toBe('+15005550006');
    const code = codeIn(request!.form.get('Body')!);
    expect(request!.form.get('Body')).toBe(`Your Efie code is ${code}. It expires in 15 minutes.`);

    await vi.waitFor(async () => {
      const [row] = await efie.deps.db.query<{ provider_id: string | null; provider_response: string | null }>(
        'select provider_id, provider_response from outbox_messages',
      );
      expect(row).toEqual({ provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/), provider_response: 'queued' });
    });
    const verified = await efie.post('/api/auth/verify-phone-code', { code });
    expect(verified.status).toBe(200);
    const { user } = (await verified.json()) as { user: User };
    expect(user).toMatchObject({ phone, phoneVerified: true });
  });
});
