import { describe, expect, it } from 'vitest';
import type { User } from '../contract/auth.schema.ts';
import { latestCode, readOutbox, registerUser, TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

const profile = { firstName: 'Ama', lastName: 'Mensah', businessName: '', licenseNumber: '' };
const T0 = Date.parse('2026-11-23T10:00:00Z');

/** The app on a clock the test moves, and a signed-in account whose requests come from `ip`. */
async function setup(ip = '198.51.100.20') {
  let now = T0;
  const { app, deps } = await createTestApp(database(), { clock: () => new Date(now) });
  const client = createClient(app);
  const from = { 'x-forwarded-for': ip };
  return { app, deps, client, from, advance: (ms: number) => (now += ms) };
}

const codesIn = async (app: Parameters<typeof readOutbox>[0], to: string) =>
  (await readOutbox(app, to)).filter((m) => /\b\d{6}\b/.test(m.text));

describe('limits on the codes a request sends', () => {
  it("puts at most 3 codes in a stranger's inbox however often a profile switches its e-mail to it, and a refused change stores nothing", async () => {
    const { app, client, from } = await setup();
    await registerUser(client);
    const stranger = uniqueEmail('stranger');
    const answers: number[] = [];
    const asked: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Back and forth, so each change is a new pending address and asks for a new code.
      const email = i % 2 === 0 ? stranger : uniqueEmail('decoy');
      asked.push(email);
      const res = await client.request('/api/auth/profile', {
        method: 'PUT',
        headers: from,
        json: { ...profile, email, currentPassword: TEST_PASSWORD },
      });
      answers.push(res.status);
      if (res.status === 429) {
        const body = await expectError(res, 429, 'too_many_codes');
        expect(body.error).toBe(
          'We have sent several codes to this address in a short time. Please wait before asking for another.',
        );
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect((await codesIn(app, stranger)).length).toBeLessThanOrEqual(3);
    // The account's own limit (5 codes in 15 minutes, its registration code among them) stops the rest, whatever the address.
    expect(answers).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    // The refused changes stored nothing: the pending address is still the 4th change's.
    const user = (await (await client.request('/api/auth/user')).json()) as User;
    expect(user.pendingEmail).toBe(asked[3]);
  });

  it('counts one phone number however it is spelled, whoever asks: 3 codes in 15 minutes, 10 in a day', async () => {
    const { app, advance } = await setup();
    const spellings = ['024 123 4567', '+233 24 123 4567', '00233241234567'];
    let n = 0;
    /** A new account, from its own client address, asks to move its phone to `phone`. */
    const askFor = async (phone: string) => {
      const client = createClient(app);
      await registerUser(client);
      n += 1;
      return client.request('/api/auth/profile', {
        method: 'PUT',
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
        json: { ...profile, phone, currentPassword: TEST_PASSWORD },
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await askFor(spellings[i % 3]!)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await codesIn(app, '+233241234567')).toHaveLength(3);
    for (let round = 0; round < 3; round++) {
      advance(15 * 60 * 1000 + 1000);
      for (const phone of spellings) await askFor(phone);
    }
    expect(await codesIn(app, '+233241234567')).toHaveLength(10);
    const refused = await askFor(spellings[0]!);
    await expectError(refused, 429, 'too_many_codes');
    // The day's limit: the wait runs to a day after the first code, not 15 minutes.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60 * 60);
  });

  it('limits resends through the same limits as any code', async () => {
    const { app, client, from, advance } = await setup();
    const { email } = await registerUser(client);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      advance(61 * 1000);
      statuses.push(
        (await client.request('/api/auth/resend-email-verification', { method: 'POST', headers: from })).status,
      );
    }
    // The registration's code and two resends: 3 in 15 minutes.
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await codesIn(app, email!)).toHaveLength(3);
    const refused = await client.request('/api/auth/resend-email-verification', { method: 'POST', headers: from });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(refused, 429, 'too_many_codes');
  });
});

describe('registration limits per client address', () => {
  it('refuses phone registrations from one address past 10 an hour: no account, no SMS; other addresses still register', async () => {
    const { app, deps, advance } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const phone = `+23324${String(5550000 + i)}`;
      const res = await createClient(app).request('/api/auth/register', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.40' },
        json: {
          firstName: 'Bot',
          lastName: 'Farm',
          userType: 'renter',
          password: TEST_PASSWORD,
          registrationMethod: 'phone',
          phone,
        },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        await expectError(res, 429, 'too_many_registrations');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await readOutbox(app, phone)).toEqual([]);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const [accounts] = await deps.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(accounts!.n).toBe(10);
    const [sms] = await deps.db.query<{ n: number }>(
      `select count(*)::int as n from outbox_messages where channel = 'sms'`,
    );
    expect(sms!.n).toBe(10);
    // Another client still registers; the first passes again after the hour.
    const elsewhere = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.41' },
      json: {
        firstName: 'Ama',
        lastName: 'Mensah',
        userType: 'renter',
        password: TEST_PASSWORD,
        registrationMethod: 'phone',
        phone: '+233245558888',
      },
    });
    expect(elsewhere.status).toBe(201);
    advance(60 * 60 * 1000 + 1000);
    const again = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.40' },
      json: {
        firstName: 'Ama',
        lastName: 'Mensah',
        userType: 'renter',
        password: TEST_PASSWORD,
        registrationMethod: 'phone',
        phone: '+233245559999',
      },
    });
    expect(again.status).toBe(201);
  });

  it('counts an IPv6 client by its /64: rotating the last 64 bits does not help', async () => {
    const { app } = await setup();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await createClient(app).request('/api/auth/register', {
        method: 'POST',
        headers: { 'x-forwarded-for': `2001:db8:aa:bb::${(i + 1).toString(16)}` },
        json: {
          firstName: 'Bot',
          lastName: 'Farm',
          userType: 'renter',
          password: TEST_PASSWORD,
          email: uniqueEmail('bot'),
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  });

  it('still sends a code to a renter who types their number with spaces, and it verifies', async () => {
    const { app, client, from } = await setup();
    const res = await client.request('/api/auth/register', {
      method: 'POST',
      headers: from,
      json: {
        firstName: 'Kwame',
        lastName: 'Boateng',
        userType: 'renter',
        password: TEST_PASSWORD,
        phone: '024 412 3456',
      },
    });
    expect(res.status).toBe(201);
    const code = await latestCode(app, '+233244123456');
    const verified = await client.request('/api/auth/verify-phone-code', {
      method: 'POST',
      headers: from,
      json: { code },
    });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { user: User }).user).toMatchObject({
      phone: '+233244123456',
      phoneVerified: true,
    });
  });
});

describe('the limits under parallel requests', () => {
  it('lets no more through than the limit when 10 requests for one address arrive at once', async () => {
    const { app } = await setup();
    const { email } = await registerUser(createClient(app));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createClient(app).request('/api/auth/forgot-password', {
          method: 'POST',
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          json: { email },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // The registration's code and 2 links: 3 in 15 minutes.
    expect(await readOutbox(app, email!)).toHaveLength(3);
  });
});
