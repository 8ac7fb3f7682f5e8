import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../events/store/sql.ts';
import { loadConfig, type SmsSettings } from '../env.ts';
import { freePort } from '../../testing/free-port.ts';
import { created, invalidNumber, startSmsTestGateway } from '../../testing/sms-test-gateway.ts';
import { startSmtpTestServer } from '../../testing/smtp-test-server.ts';
import { createAdmin } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { drainOutbox, UNCERTAIN_AFTER_STOP } from './outbox.worker.ts';
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from './retry-policy.ts';
import { createSmtpSender } from './smtp-sender.ts';
import { createTwilioSender } from './twilio-sender.ts';

const database = useMigratedDatabase();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const T0 = Date.parse('2026-11-22T10:00:00Z');

/** The app's parts on a clock the test moves; no sleeps. */
async function setup() {
  let now = T0;
  const clock = () => new Date(now);
  const { app, deps } = await createTestApp(database(), { clock });
  const row = async () =>
    (
      await deps.db.query<{
        attempts: number;
        sent_at: Date | null;
        failed_at: Date | null;
        failure: string | null;
        last_error: string | null;
        provider_id: string | null;
        claimed_until: Date | null;
      }>('select attempts, sent_at, failed_at, failure, last_error, provider_id, claimed_until from outbox_messages')
    )[0]!;
  return { app, deps, clock, row, at: (ms: number) => (now = ms) };
}

const smsSettings = (baseUrl: string): SmsSettings => {
  const config = loadConfig({
    SMS_API_BASE_URL: baseUrl,
    TWILIO_ACCOUNT_SID: `AC${'ab'.repeat(16)}`,
    TWILIO_AUTH_TOKEN: 'token-secret-xyz',
    SMS_FROM: '+15005550006',
  });
  return config.sms!;
};

async function gateway(reply: Parameters<typeof startSmsTestGateway>[0] = {}) {
  const g = await startSmsTestGateway(reply);
  cleanups.push(g.close);
  return g;
}

const code = {
  channel: 'sms' as const,
  to: '+233241234567',
  subject: null,
  text: 'Your Efie code is 123456. It expires in 15 minutes.',
  containsSecret: true,
};

describe('delivery over SMTP', () => {
  it('delivers exactly once to a server that refuses twice (451) and then accepts, with the Message-ID of the outbox id', async () => {
    const smtp = await startSmtpTestServer({
      onRcpt: (_to, attempt) => (attempt <= 2 ? { code: 451, text: 'Try again later' } : undefined),
    });
    cleanups.push(smtp.close);
    const { deps, clock, row, at } = await setup();
    const sender = createSmtpSender({ url: smtp.url(), from: 'Efie <no-reply@efie.app>' });
    const id = await deps.outbox.enqueue({
      channel: 'email',
      to: 'ama@example.com',
      subject: 'Hello',
      text: 'Welcome to Efie.',
    });

    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      last_error: expect.stringMatching(/451/),
    });
    at(T0 + retryDelayMs(1) - 1);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    at(T0 + retryDelayMs(1));
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(smtp.rcptAttempts()).toBe(2);
    at(T0 + retryDelayMs(1) + retryDelayMs(2));
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    at(T0 + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);

    expect(smtp.rcptAttempts()).toBe(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.messageId).toBe(`<${id}@efie.app>`);
    expect(smtp.received[0]!.mail.headers.get('x-efie-outbox-id')).toBe(id);
    expect(await row()).toMatchObject({
      attempts: 3,
      sent_at: expect.any(Date),
      failed_at: null,
      provider_id: `<${id}@efie.app>`,
    });
  });

  it('fails a message at once when the server refuses it for good (550), without using up the attempts', async () => {
    const smtp = await startSmtpTestServer({ onRcpt: () => ({ code: 550, text: 'No such mailbox' }) });
    cleanups.push(smtp.close);
    const { deps, clock, row, at } = await setup();
    await deps.outbox.enqueue({ channel: 'email', to: 'nobody@example.com', subject: 'Hello', text: 'Welcome.' });
    expect(
      await drainOutbox(deps.db, createSmtpSender({ url: smtp.url(), from: 'Efie <no-reply@efie.app>' }), clock),
    ).toBe(1);
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: new Date(T0),
      failure: 'refused',
      last_error: expect.stringMatching(/550/),
    });
    at(T0 + 365 * 24 * 3600_000);
    expect(
      await drainOutbox(deps.db, createSmtpSender({ url: smtp.url(), from: 'Efie <no-reply@efie.app>' }), clock),
    ).toBe(0);
    expect(smtp.rcptAttempts()).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });

  it('tries again, with the same Message-ID, after a server that never answers times out', async () => {
    // A server that takes connections and never says a word: nodemailer waits for the greeting, then gives up.
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => silent.close(() => resolve())));
    let connections = 0;
    silent.on('connection', (socket) => {
      connections += 1;
      cleanups.push(async () => void socket.destroy());
    });
    const { deps, clock, row, at } = await setup();
    await deps.outbox.enqueue({ channel: 'email', to: 'ama@example.com', subject: 'Hello', text: 'Welcome.' });
    // 3 s: the connection and the greeting each get 1 s, so on a busy machine the loopback
    // connection is made (and counted) before its own limit; only the greeting times out.
    const sender = createSmtpSender(
      { url: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, from: 'Efie <no-reply@efie.app>' },
      { timeoutMs: 3_000 },
    );
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      last_error: 'SMTP: Greeting never received (ETIMEDOUT)',
    });
    expect(connections).toBe(1);
    at(T0 + retryDelayMs(1));
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const id = (await deps.db.query<{ id: string }>('select id from outbox_messages'))[0]!.id;
    expect(
      await drainOutbox(deps.db, createSmtpSender({ url: smtp.url(), from: 'Efie <no-reply@efie.app>' }), clock),
    ).toBe(1);
    expect(smtp.received.map((r) => r.mail.messageId)).toEqual([`<${id}@efie.app>`]);
  });
});

describe('delivery over SMTP when nothing listens', () => {
  it('tries again after a pause when the connection is refused, and sends once a server listens', async () => {
    const { deps, clock, row, at } = await setup();
    const id = await deps.outbox.enqueue({
      channel: 'email',
      to: 'ama@example.com',
      subject: 'Hello',
      text: 'Welcome.',
    });
    const sender = createSmtpSender({
      url: `smtp://efie:mail-secret@127.0.0.1:${await freePort()}`,
      from: 'Efie <no-reply@efie.app>',
    });
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    const after = await row();
    expect(after).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      failure: null,
      claimed_until: new Date(T0 + retryDelayMs(1)),
    });
    expect(after.last_error).toMatch(/^SMTP: .*ECONNREFUSED/);
    expect(after.last_error).not.toContain('mail-secret');

    // Not during the pause; tried again once it is over, and refused again, with a longer pause.
    at(T0 + retryDelayMs(1) - 1);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    expect((await row()).attempts).toBe(1);
    at(T0 + retryDelayMs(1));
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(await row()).toMatchObject({
      attempts: 2,
      sent_at: null,
      failed_at: null,
      failure: null,
      last_error: expect.stringMatching(/^SMTP: .*ECONNREFUSED/),
      claimed_until: new Date(T0 + retryDelayMs(1) + retryDelayMs(2)),
    });

    // A server listens now: the next attempt after the pause delivers it.
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    at(T0 + retryDelayMs(1) + retryDelayMs(2));
    expect(
      await drainOutbox(deps.db, createSmtpSender({ url: smtp.url(), from: 'Efie <no-reply@efie.app>' }), clock),
    ).toBe(1);
    expect(smtp.received.map((r) => r.mail.messageId)).toEqual([`<${id}@efie.app>`]);
    expect(await row()).toMatchObject({
      attempts: 3,
      sent_at: new Date(T0 + retryDelayMs(1) + retryDelayMs(2)),
      failed_at: null,
      failure: null,
    });
  });
});

describe('delivery through the SMS gateway', () => {
  it('retries a gateway that always refuses (503) with growing pauses, then marks the message failed and never tries it again', async () => {
    const g = await gateway({ reply: () => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } }) });
    const { app, deps, clock, row, at } = await setup();
    const sender = createTwilioSender(smsSettings(g.baseUrl));
    await deps.outbox.enqueue(code);
    let time = T0;
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      at(time);
      expect(await drainOutbox(deps.db, sender, clock), `attempt ${attempt}`).toBe(1);
      expect(g.requests, `attempt ${attempt}`).toHaveLength(attempt);
      if (attempt === MAX_ATTEMPTS) break;
      const { claimed_until } = await row();
      const pause = claimed_until!.getTime() - time;
      pauses.push(pause);
      at(time + pause - 1);
      expect(await drainOutbox(deps.db, sender, clock), `just before attempt ${attempt + 1}`).toBe(0);
      time += pause;
    }
    expect(pauses).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000, 1_800_000]);
    expect(await row()).toMatchObject({
      attempts: MAX_ATTEMPTS,
      sent_at: null,
      failed_at: new Date(time),
      failure: 'exhausted',
    });
    expect((await row()).last_error).toBe('SMS gateway refused with 503: Service unavailable (Twilio error 20503)');
    at(time + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    expect(g.requests).toHaveLength(MAX_ATTEMPTS);

    const admin = createClient(app);
    await createAdmin(deps, admin);
    const listed = await admin.request('/api/admin/outbox?status=failed');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      messages: [
        {
          id: expect.any(String),
          channel: 'sms',
          to: code.to,
          subject: null,
          text: null,
          attempts: MAX_ATTEMPTS,
          failure: 'exhausted',
          lastError: 'SMS gateway refused with 503: Service unavailable (Twilio error 20503)',
          createdAt: new Date(T0).toISOString(),
          failedAt: new Date(time).toISOString(),
        },
      ],
      smsBudget: expect.objectContaining({ waiting: 0, reached: false }),
      delivery: expect.any(Object),
    });
  });

  it('fails a message at once when the gateway says the number is invalid (400)', async () => {
    const g = await gateway({ reply: () => invalidNumber });
    const { deps, clock, row, at } = await setup();
    await deps.outbox.enqueue(code);
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl)), clock)).toBe(1);
    expect(await row()).toMatchObject({
      attempts: 1,
      failure: 'refused',
      failed_at: new Date(T0),
      last_error: "SMS gateway refused with 400: The 'To' number is not a valid phone number. (Twilio error 21211)",
    });
    at(T0 + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl)), clock)).toBe(0);
    expect(g.requests).toHaveLength(1);
  });

  it('never calls the gateway again for a message it accepted, even when the write after the send failed', async () => {
    const g = await gateway();
    const { deps, clock, row, at } = await setup();
    const sender = createTwilioSender(smsSettings(g.baseUrl));
    await deps.outbox.enqueue(code);
    // The database fails the one write that records the acceptance, as a crash right after the send would leave it.
    const failingRecord: Database = {
      ...deps.db,
      query: (text, params) =>
        /set sent_at/.test(text) ? Promise.reject(new Error('connection lost')) : deps.db.query(text, params),
    };
    await expect(drainOutbox(failingRecord, sender, clock)).rejects.toThrow('connection lost');
    expect(g.requests).toHaveLength(1);
    // Neither while its lease runs nor after it, nor a year later.
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    at(T0 + LEASE_MS);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    at(T0 + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    expect(g.requests).toHaveLength(1);
    expect(await row()).toMatchObject({
      sent_at: null,
      failure: 'uncertain',
      failed_at: new Date(T0 + LEASE_MS),
      last_error: UNCERTAIN_AFTER_STOP,
    });
    const [listed] = await deps.outbox.listFailed();
    expect(listed).toMatchObject({ to: code.to, failure: 'uncertain', text: null });
  });

  it('records the sid of an accepted message and never sends it again', async () => {
    const g = await gateway();
    const { deps, clock, row, at } = await setup();
    const sender = createTwilioSender(smsSettings(g.baseUrl));
    await deps.outbox.enqueue(code);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    at(T0 + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, sender, clock)).toBe(0);
    expect(g.requests).toHaveLength(1);
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: new Date(T0),
      failed_at: null,
      provider_id: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
  });

  it('treats a gateway that took the request and never answered as "may have been accepted": failed, not sent again', async () => {
    const g = await gateway({ reply: () => 'hang' });
    const { deps, clock, row, at } = await setup();
    await deps.outbox.enqueue(code);
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl), { timeoutMs: 300 }), clock)).toBe(1);
    expect(g.requests).toHaveLength(1);
    expect(await row()).toMatchObject({ attempts: 1, sent_at: null, failed_at: new Date(T0), failure: 'uncertain' });
    expect((await row()).last_error).toBe(
      'SMS gateway: no answer within 300 ms after the request was sent; it may have been accepted, so it is not sent again automatically',
    );
    at(T0 + 365 * 24 * 3600_000);
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl)), clock)).toBe(0);
    expect(g.requests).toHaveLength(1);
  });

  it('tries again later when the gateway cannot be reached (connection refused): nothing was sent', async () => {
    const { deps, clock, row, at } = await setup();
    await deps.outbox.enqueue(code);
    const closedPort = await freePort();
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(`http://127.0.0.1:${closedPort}`)), clock)).toBe(
      1,
    );
    expect(await row()).toMatchObject({
      attempts: 1,
      sent_at: null,
      failed_at: null,
      last_error: 'SMS gateway unreachable: ECONNREFUSED',
      claimed_until: new Date(T0 + 30_000),
    });
    const g = await gateway({ reply: created });
    at(T0 + 30_000);
    expect(await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl)), clock)).toBe(1);
    expect(g.requests).toHaveLength(1);
    expect(await row()).toMatchObject({ attempts: 2, sent_at: new Date(T0 + 30_000) });
  });

  it('keeps the auth token out of the stored errors', async () => {
    const g = await gateway({ reply: () => ({ status: 401, body: { code: 20003, message: 'Authenticate' } }) });
    const { deps, clock, row } = await setup();
    await deps.outbox.enqueue(code);
    await drainOutbox(deps.db, createTwilioSender(smsSettings(g.baseUrl)), clock);
    expect(await row()).toMatchObject({
      failed_at: null,
      last_error: 'SMS gateway refused with 401: Authenticate (Twilio error 20003)',
    });
    expect(JSON.stringify(await deps.db.query('select * from outbox_messages'))).not.toContain('token-secret-xyz');
  });
});
