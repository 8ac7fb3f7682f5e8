import { describe, expect, it } from 'vitest';
import type { MessageReceipt, TeamMessagePage } from '../contract/messages.schema.ts';
import { createAdmin, readOutbox, uniqueEmail } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();
const TEAM = 'team@efie.test';

async function setup(clock?: () => Date) {
  const { app, deps } = await createTestApp(database(), {
    config: { supportEmail: TEAM },
    ...(clock ? { clock } : {}),
  });
  return { app, deps, visitor: createClient(app) };
}
type App = Awaited<ReturnType<typeof setup>>['app'];

/** A request from a given client address, as @hono/node-server hands it to the app. */
const fromAddress = (remoteAddress: string) => ({
  incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: 'IPv4' } },
});
function post(app: App, path: string, body: unknown, options: { key?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key) headers['idempotency-key'] = options.key;
  return app.request(
    path,
    { method: 'POST', headers, body: JSON.stringify(body) },
    fromAddress(options.ip ?? '203.0.113.7'),
  );
}

const support = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ama Mensah',
  email: uniqueEmail(),
  subject: 'Booking question',
  category: 'booking',
  message: 'Can I view the flat in Osu on Saturday?',
  ...overrides,
});
const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Kofi',
  lastName: 'Owusu',
  contactMethod: 'email',
  email: uniqueEmail('kofi'),
  phone: '',
  userType: 'landlord',
  subject: 'Listing two flats',
  message: 'How do I list two flats in Kumasi?',
  ...overrides,
});

async function countMessages(deps: Awaited<ReturnType<typeof setup>>['deps']) {
  const [row] = await deps.db.query<{ n: number }>('select count(*)::int as n from support_messages');
  return row!.n;
}

describe('POST /api/support/message', () => {
  it('answers 201 with a quotable reference, tells the team at SUPPORT_EMAIL and acknowledges the sender', async () => {
    const { app, deps } = await setup();
    const body = support();
    const res = await post(app, '/api/support/message', body);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as MessageReceipt;
    expect(receipt).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^EF-[0-9A-HJKMNP-TV-Z]{6}$/),
      message: "Message Sent Successfully. We'll get back to you within 24 hours.",
    });
    const [team] = await readOutbox(app, TEAM);
    expect(team).toMatchObject({ channel: 'email', subject: `[${receipt.reference}] Support: Booking question` });
    expect(team!.text).toContain(body.message);
    expect(team!.text).toContain(`E-mail: ${body.email}`);
    expect(team!.text).toContain('Category: Booking');
    const [ack] = await readOutbox(app, body.email);
    expect(ack).toMatchObject({ channel: 'email', subject: `We received your message (${receipt.reference})` });
    expect(ack!.text).toContain(receipt.reference);
    // Nothing the sender typed goes to the address they typed: the form cannot be used to mail others.
    for (const typed of [body.message, body.name, body.subject]) expect(ack!.text).not.toContain(typed);
    expect(await countMessages(deps)).toBe(1);
  });

  it('takes a message without name or category', async () => {
    const { app } = await setup();
    const res = await post(app, '/api/support/message', { email: uniqueEmail(), subject: 'Hi', message: 'Hello' });
    expect(res.status).toBe(201);
  });

  it.each([
    ['no e-mail', { email: undefined }, 'email', 'Please fill in all required fields (email, subject, and message).'],
    ['a blank e-mail', { email: '   ' }, 'email', 'Please fill in all required fields (email, subject, and message).'],
    ['a bad e-mail', { email: 'ama@' }, 'email', 'Invalid email address'],
    ['no subject', { subject: '' }, 'subject', 'Please fill in all required fields (email, subject, and message).'],
    [
      'no message',
      { message: undefined },
      'message',
      'Please fill in all required fields (email, subject, and message).',
    ],
    [
      'an unknown category',
      { category: 'rent' },
      'category',
      'category must be one of booking, payment, property, account, technical, verification, general, other',
    ],
    ['a name over 100 characters', { name: 'a'.repeat(101) }, 'name', 'At most 100 characters'],
    ['a subject over 200 characters', { subject: 's'.repeat(201) }, 'subject', 'At most 200 characters'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'message', 'At most 5000 characters'],
    ['an e-mail over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'email', 'Invalid email address'],
    [
      'a number for a subject',
      { subject: 42 },
      'subject',
      'Please fill in all required fields (email, subject, and message).',
    ],
  ])('answers 400 to %s and stores nothing', async (_, overrides, path, message) => {
    const { app, deps } = await setup();
    const body = await expectError(await post(app, '/api/support/message', support(overrides)), 400, 'invalid_input');
    expect(body.issues).toContainEqual({ path, message });
    expect(await countMessages(deps)).toBe(0);
  });

  it('answers 400 to a body that is not JSON, and 413 to one over 1 MB', async () => {
    const { app } = await setup();
    const bad = await app.request(
      '/api/support/message',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' },
      fromAddress('203.0.113.7'),
    );
    await expectError(bad, 400, 'bad_request');
    const huge = await post(app, '/api/support/message', support({ message: 'x'.repeat(1_100_000) }));
    await expectError(huge, 413, 'too_large');
  });

  it('answers a replay with the same Idempotency-Key with the same reference, storing and sending once', async () => {
    const { app, deps } = await setup();
    const body = support();
    const first = await post(app, '/api/support/message', body, { key: 'support-key-1' });
    const again = await post(app, '/api/support/message', body, { key: 'support-key-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as MessageReceipt;
    expect(await again.json()).toEqual(a);
    expect(await countMessages(deps)).toBe(1);
    expect(await readOutbox(app, TEAM)).toHaveLength(1);
    expect(await readOutbox(app, body.email)).toHaveLength(1);
    // Even with the stored answer gone (pruned, or lost in a crash), the key names the same message.
    await deps.db.query('delete from http_idempotency');
    const late = await post(app, '/api/support/message', body, { key: 'support-key-1' });
    expect(late.status).toBe(201);
    expect(await late.json()).toEqual(a);
    expect(await countMessages(deps)).toBe(1);
    expect(await readOutbox(app, TEAM)).toHaveLength(1);
    // Another body under the same key is refused.
    await expectError(
      await post(app, '/api/support/message', support(), { key: 'support-key-1' }),
      409,
      'idempotency_key_reused',
    );
  });

  it('limits one sender to 5 messages an hour: the 6th is 429 with Retry-After and changes nothing, and the limit passes', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const { app, deps } = await setup(() => now);
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++)
      expect((await post(app, '/api/support/message', support({ email }), { ip: `198.51.100.${i}` })).status).toBe(201);
    const refused = await post(app, '/api/support/message', support({ email: email.toUpperCase() }), {
      ip: '198.51.100.99',
      key: 'after-limit',
    });
    await expectError(refused, 429, 'too_many_messages');
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    expect(await countMessages(deps)).toBe(5);
    expect(await readOutbox(app, TEAM)).toHaveLength(5);
    // The sender's address gets at most 3 acknowledgements in 15 minutes (api/limits/send-limits.ts): the rest are taken, unacknowledged.
    expect(await readOutbox(app, email)).toHaveLength(3);
    // The 429 is not kept as the key's answer: the same key is taken once the hour has passed.
    now = new Date('2026-11-23T11:00:01Z');
    const later = await post(app, '/api/support/message', support({ email }), {
      ip: '198.51.100.99',
      key: 'after-limit',
    });
    expect(later.status).toBe(201);
    expect(await countMessages(deps)).toBe(6);
  });

  it('limits one client address to 20 messages an hour, whatever the sender, across app instances', async () => {
    const { app, deps } = await setup();
    const { app: otherInstance } = await createTestApp(database(), { config: { supportEmail: TEAM } });
    for (let i = 0; i < 20; i++) {
      const res = await post(i % 2 ? app : otherInstance, '/api/support/message', support(), { ip: '192.0.2.50' });
      expect(res.status).toBe(201);
    }
    await expectError(
      await post(otherInstance, '/api/support/message', support(), { ip: '192.0.2.50' }),
      429,
      'too_many_messages',
    );
    await expectError(
      await post(app, '/api/contact/message', contact(), { ip: '192.0.2.50' }),
      429,
      'too_many_messages',
    );
    expect(await countMessages(deps)).toBe(20);
    expect((await post(app, '/api/support/message', support(), { ip: '192.0.2.51' })).status).toBe(201);
  });
});

describe('POST /api/contact/message', () => {
  it('takes an e-mail-method message and acknowledges it by e-mail', async () => {
    const { app } = await setup();
    const body = contact();
    const res = await post(app, '/api/contact/message', body);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as MessageReceipt;
    expect(receipt.message).toBe(
      "Message Sent Successfully. We'll get back to you within 24-48 hours. Thank you for contacting Efie!",
    );
    const [team] = await readOutbox(app, TEAM);
    expect(team).toMatchObject({ subject: `[${receipt.reference}] Contact: Listing two flats` });
    expect(team!.text).toContain('From: Kofi Owusu');
    expect(team!.text).toContain('Role: Landlord');
    expect(team!.text).toContain('Preferred contact method: Email');
    const [ack] = await readOutbox(app, body.email);
    expect(ack!.text).toContain(receipt.reference);
    expect(ack!.text).toContain('within 24-48 hours');
  });

  it('takes a phone-method message without an e-mail and acknowledges it by SMS', async () => {
    const { app } = await setup();
    const res = await post(
      app,
      '/api/contact/message',
      contact({ contactMethod: 'phone', email: '', phone: '024 412 3456' }),
    );
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as MessageReceipt;
    const [sms] = await readOutbox(app, '+233244123456');
    expect(sms).toMatchObject({
      channel: 'sms',
      subject: null,
      text: `Efie: we received your message, reference ${reference}. We will call you back within 24-48 hours.`,
    });
    const [team] = await readOutbox(app, TEAM);
    expect(team!.text).toContain('Phone: 024 412 3456');
    expect(team!.text).toContain('Preferred contact method: Phone');
  });

  it('texts no acknowledgement to a number whose country it would have to guess', async () => {
    const { app, deps } = await setup();
    expect(
      (
        await post(
          app,
          '/api/contact/message',
          contact({ contactMethod: 'phone', email: undefined, phone: '415 555 0100' }),
        )
      ).status,
    ).toBe(201);
    // No SMS to any number, whatever country code a guess would have given it.
    expect(await deps.db.query(`select recipient from outbox_messages where channel = 'sms'`)).toEqual([]);
    expect(await readOutbox(app, TEAM)).toHaveLength(1);
  });

  it.each([
    ['no first name', { firstName: '' }, 'firstName', 'Please fill in all required fields.'],
    ['no last name', { lastName: undefined }, 'lastName', 'Please fill in all required fields.'],
    ['no role', { userType: '' }, 'userType', 'Please fill in all required fields.'],
    ['an unknown role', { userType: 'landlady' }, 'userType', 'Please fill in all required fields.'],
    ['no subject', { subject: ' ' }, 'subject', 'Please fill in all required fields.'],
    ['no message', { message: '' }, 'message', 'Please fill in all required fields.'],
    ['the e-mail method without an e-mail', { email: '' }, 'email', 'Please provide your email address.'],
    [
      'the e-mail method with only a phone',
      { email: undefined, phone: '0244123456' },
      'email',
      'Please provide your email address.',
    ],
    [
      'the phone method without a phone',
      { contactMethod: 'phone', phone: '' },
      'phone',
      'Please provide your phone number.',
    ],
    ['an unknown method', { contactMethod: 'fax' }, 'contactMethod', 'contactMethod must be email or phone'],
    ['a bad e-mail', { email: 'kofi.example.com' }, 'email', 'Invalid email address'],
    [
      'a phone with letters',
      { contactMethod: 'phone', phone: 'call me' },
      'phone',
      'Please enter a valid phone number',
    ],
    ['a phone too short', { contactMethod: 'phone', phone: '12345' }, 'phone', 'Please enter a valid phone number'],
    ['a phone over 30 characters', { contactMethod: 'phone', phone: '1'.repeat(31) }, 'phone', 'At most 30 characters'],
    ['a first name over 100 characters', { firstName: 'K'.repeat(101) }, 'firstName', 'At most 100 characters'],
    ['a subject over 200 characters', { subject: 's'.repeat(201) }, 'subject', 'At most 200 characters'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'message', 'At most 5000 characters'],
  ])('answers 400 to %s and stores nothing', async (_, overrides, path, message) => {
    const { app, deps } = await setup();
    const body = await expectError(await post(app, '/api/contact/message', contact(overrides)), 400, 'invalid_input');
    expect(body.issues).toContainEqual({ path, message });
    expect(await countMessages(deps)).toBe(0);
    expect(await readOutbox(app, TEAM)).toEqual([]);
  });

  it('does not need the e-mail for the phone method, nor the phone for the e-mail method', async () => {
    const { app } = await setup();
    expect((await post(app, '/api/contact/message', contact({ phone: undefined }))).status).toBe(201);
    expect(
      (
        await post(
          app,
          '/api/contact/message',
          contact({ contactMethod: 'phone', email: null, phone: '+1 (415) 555-0100' }),
        )
      ).status,
    ).toBe(201);
  });

  it('limits one phone number to 5 messages an hour however it is written', async () => {
    const { app } = await setup();
    const spellings = ['0244123456', '024 412 3456', '024-412-3456', '(024) 4123456', '0244 123 456'];
    for (const [i, phone] of spellings.entries()) {
      expect(
        (
          await post(app, '/api/contact/message', contact({ contactMethod: 'phone', email: '', phone }), {
            ip: `198.51.100.${i}`,
          })
        ).status,
      ).toBe(201);
    }
    await expectError(
      await post(app, '/api/contact/message', contact({ contactMethod: 'phone', email: '', phone: '0244123456' }), {
        ip: '198.51.100.77',
      }),
      429,
      'too_many_messages',
    );
  });

  it('counts 024 123 4567, +233 24 123 4567 and 00233241234567 as one sender: 5 an hour in all', async () => {
    const { app } = await setup();
    const spellings = ['024 123 4567', '+233 24 123 4567', '00233241234567'];
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await post(
        app,
        '/api/contact/message',
        contact({ contactMethod: 'phone', email: '', phone: spellings[i % 3] }),
        { ip: `198.51.100.${i}` },
      );
      statuses.push(res.status);
      if (res.status === 429) await expectError(res, 429, 'too_many_messages');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
    // And the number got at most 3 acknowledgements in those minutes (the limit on what Efie sends to one address).
    expect(await readOutbox(app, '+233241234567')).toHaveLength(3);
  });

  it('answers a replay with the same reference and sends nothing more', async () => {
    const { app } = await setup();
    const body = contact();
    const a = await post(app, '/api/contact/message', body, { key: 'contact-1' });
    const b = await post(app, '/api/contact/message', body, { key: 'contact-1' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(await b.json()).toEqual(await a.json());
    expect(await readOutbox(app, TEAM)).toHaveLength(1);
  });
});

describe('signed-in senders', () => {
  it('lists what a signed-in person sent like any other message', async () => {
    const { app, deps } = await setup();
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const res = await admin.request('/api/support/message', {
      method: 'POST',
      json: support({ subject: 'From an admin' }),
    });
    expect(res.status).toBe(201);
    const page = (await (await admin.request('/api/admin/messages')).json()) as TeamMessagePage;
    expect(page.messages.map((m) => m.subject)).toEqual(['From an admin']);
  });
});
