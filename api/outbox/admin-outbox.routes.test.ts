import { describe, expect, it } from 'vitest';
import type { AdminOutboxAnswer } from '../contract/outbox.schema.ts';
import { createAdmin, registerUser } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { loadConfig } from '../env.ts';
import { deliverySetup } from './gateways.ts';
import { drainOutbox } from './outbox.worker.ts';
import { MAX_ATTEMPTS, RETRY_CAP_MS } from './retry-policy.ts';
import { createRecordingSender, DeliveryError, type MessageSender } from './sender.ts';

const database = useMigratedDatabase();

const refusing: MessageSender = {
  async send() {
    throw new DeliveryError('SMTP: No such mailbox (550 on RCPT TO)', 'permanent');
  },
};

/** An admin signed in, and two messages the gateway refused for good: the admin's own code (a secret) and a note to the team. */
async function withFailedMessages() {
  const { app, deps } = await createTestApp(database());
  const admin = createClient(app);
  const { email } = await createAdmin(deps, admin);
  await deps.outbox.enqueue({
    channel: 'email',
    to: 'team@efie.example',
    subject: 'Support request',
    text: 'My listing does not show.',
  });
  await drainOutbox(deps.db, refusing, deps.clock);
  return { app, deps, admin, adminEmail: email! };
}

describe('GET /api/admin/outbox?status=failed', () => {
  it('refuses the signed-out (401) and non-admins (403)', async () => {
    const { app } = await createTestApp(database());
    const anonymous = await createClient(app).request('/api/admin/outbox?status=failed');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Not signed in', code: 'unauthorized' });
    const renter = createClient(app);
    await registerUser(renter);
    const refused = await renter.request('/api/admin/outbox?status=failed');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Admins only', code: 'forbidden' });
    const retry = await renter.request('/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry', {
      method: 'POST',
    });
    expect(retry.status).toBe(403);
    expect(await retry.json()).toEqual({ error: 'Admins only', code: 'forbidden' });
  });

  it('lists failed messages newest first with their recipients, withholding the text of one that held a code', async () => {
    const { admin, adminEmail } = await withFailedMessages();
    const res = await admin.request('/api/admin/outbox?status=failed');
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as AdminOutboxAnswer;
    expect(messages).toEqual([
      {
        id: expect.any(String),
        channel: 'email',
        to: 'team@efie.example',
        subject: 'Support request',
        text: 'My listing does not show.',
        attempts: 1,
        failure: 'refused',
        lastError: 'SMTP: No such mailbox (550 on RCPT TO)',
        createdAt: expect.any(String),
        failedAt: expect.any(String),
      },
      {
        id: expect.any(String),
        channel: 'email',
        to: adminEmail,
        subject: 'Your Efie verification code',
        text: null,
        attempts: 1,
        failure: 'refused',
        lastError: 'SMTP: No such mailbox (550 on RCPT TO)',
        createdAt: expect.any(String),
        failedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(messages)).not.toMatch(/verification code is \d{6}/);
  });

  it('answers 400 to an unknown status', async () => {
    const { admin } = await withFailedMessages();
    const res = await admin.request('/api/admin/outbox?status=everything');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_input', error: 'status must be failed' });
  });
});

describe('GET /api/admin/outbox: which gateways deliver (issue 28)', () => {
  it('says that nothing is delivered when no gateway is configured (the default start), and whether the dev outbox is on', async () => {
    // The tests' config has no gateway and the dev outbox on (as `npm run dev:api`).
    const { app, deps } = await createTestApp(database());
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const answer = (await (await admin.request('/api/admin/outbox?status=failed')).json()) as AdminOutboxAnswer;
    expect(answer.delivery).toEqual({ email: 'log', sms: 'log', devOutbox: true });
    expect(deliverySetup(loadConfig({}))).toEqual({ email: 'log', sms: 'log', devOutbox: false });
  });

  it('names the configured gateways, never their settings', async () => {
    const smtp = { url: 'smtps://efie:smtp-secret-password@smtp.example.com:465', from: 'Efie <no-reply@efie.app>' };
    const sms = {
      baseUrl: 'https://api.twilio.com',
      accountSid: `AC${'0f'.repeat(16)}`,
      authToken: 'twilio-secret-token',
      from: 'Efie',
    };
    const { app, deps } = await createTestApp(database(), { config: { smtp, sms } });
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const text = await (await admin.request('/api/admin/outbox?status=failed')).text();
    expect((JSON.parse(text) as AdminOutboxAnswer).delivery).toEqual({ email: 'smtp', sms: 'twilio', devOutbox: true });
    for (const secret of ['smtp-secret-password', 'smtp.example.com', 'twilio-secret-token', sms.accountSid])
      expect(text).not.toContain(secret);
  });
});

describe('POST /api/admin/outbox/{id}/retry', () => {
  it('sends an exhausted message again with a fresh set of attempts, once', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const clock = () => new Date(now);
    const { app, deps } = await createTestApp(database(), { clock });
    const admin = createClient(app);
    await createAdmin(deps, admin);
    await drainOutbox(deps.db, createRecordingSender(), clock); // the admin's own code, out of the way
    const id = await deps.outbox.enqueue({
      channel: 'email',
      to: 'team@efie.example',
      subject: 'Support request',
      text: 'My listing does not show.',
    });
    const row = async () =>
      (
        await deps.db.query<{ attempts: number; failure: string | null; failed_at: Date | null; sent_at: Date | null }>(
          'select attempts, failure, failed_at, sent_at from outbox_messages where id = $1',
          [id],
        )
      )[0]!;
    // Every attempt refused for now, each after its pause, until the message is given up on.
    const unreachable: MessageSender = {
      async send() {
        throw new DeliveryError('SMTP: connect ECONNREFUSED', 'transient');
      },
    };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await drainOutbox(deps.db, unreachable, clock), `attempt ${attempt}`).toBe(1);
      now += RETRY_CAP_MS;
    }
    expect(await drainOutbox(deps.db, unreachable, clock)).toBe(0);
    expect(await row()).toMatchObject({
      attempts: MAX_ATTEMPTS,
      failure: 'exhausted',
      failed_at: expect.any(Date),
      sent_at: null,
    });

    const res = await admin.request(`/api/admin/outbox/${id}/retry`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'The message will be sent again shortly' });
    expect(await row()).toMatchObject({ attempts: 0, failure: null, failed_at: null, sent_at: null });
    expect((await deps.outbox.listFailed()).map((m) => m.to)).not.toContain('team@efie.example');

    const sender = createRecordingSender();
    expect(await drainOutbox(deps.db, sender, clock)).toBe(1);
    expect(sender.sent.map((m) => m.text)).toEqual(['My listing does not show.']);
    expect(await row()).toMatchObject({ attempts: 1, failure: null, failed_at: null, sent_at: new Date(now) });
    const again = await admin.request(`/api/admin/outbox/${id}/retry`, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'No failed message with this id', code: 'not_found' });
  });
});
