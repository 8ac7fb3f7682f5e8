import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  latestCode,
  readOutbox,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { loadConfig } from '../env.ts';
import { createClient, createTestApp, FROM_LOOPBACK } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { MAX_CLIENT_FAILURES } from './sign-in-limiter.ts';

const database = useMigratedDatabase();

describe('register, sign in, sign out, current user', () => {
  it('registers by e-mail: 201, signed in, a code in the outbox', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const email = uniqueEmail();
    const res = await client.request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: 'Ama',
        lastName: 'Mensah',
        email: ` ${email.toUpperCase()} `,
        password: TEST_PASSWORD,
        userType: 'owner',
        registrationMethod: 'email',
      },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ requiresVerification: true, verificationMethod: 'email' });
    expect(body.user).toMatchObject({
      email,
      phone: null,
      firstName: 'Ama',
      userType: 'owner',
      emailVerified: false,
      isVerified: false,
      isAdmin: false,
    });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'businessName',
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'isAdmin',
        'isVerified',
        'lastName',
        'licenseNumber',
        'licenseRejectionReason',
        'licenseStatus',
        'pendingEmail',
        'pendingPhone',
        'phone',
        'phoneVerified',
        'profileImageUrl',
        'userType',
      ].sort(),
    );
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^efie_session=[\w-]{43}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.request('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(await me.json()).toEqual(body.user);
    const [message] = await readOutbox(app, email);
    expect(message?.text).toMatch(/\b\d{6}\b/);
  });

  it('signs in with e-mail or phone, out again, and the old cookie no longer works', async () => {
    const { app } = await createTestApp(database());
    const first = createClient(app);
    const { email } = await registerUser(first);
    const browser = createClient(app);
    const login = await browser.request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.email).toBe(email);
    const stolen = browser.cookies.get('efie_session')!;
    expect((await browser.request('/api/auth/user')).status).toBe(200);
    const out = await browser.request('/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(browser.cookies.has('efie_session')).toBe(false);
    const replay = await app.request('/api/auth/user', { headers: { cookie: `efie_session=${stolen}` } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: 'Not signed in', code: 'unauthorized' });
  });

  it('answers 401 with the same text for an unknown account and a wrong password', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const wrong = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    const unknown = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: TEST_PASSWORD }),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    expect(await unknown.json()).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
  });

  it('gives createAdmin an admin session', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    expect((await (await client.request('/api/auth/user')).json()).isAdmin).toBe(true);
    const me = await client.request('/api/auth/user');
    expect(me.status).toBe(200);
    const code = await latestCode(app, (await me.json()).email);
    expect(code).toMatch(/^\d{6}$/);
  });
});

describe('registration rules', () => {
  it('registers by phone in local format and sends the code by SMS', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const res = await client.request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: 'Yaw',
        lastName: 'Asante',
        phone: '024 555 0101',
        password: TEST_PASSWORD,
        userType: 'renter',
        registrationMethod: 'phone',
      },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      requiresVerification: true,
      verificationMethod: 'phone',
      user: { phone: '+233245550101', email: null },
    });
    const [sms] = await readOutbox(app, '0245550101');
    expect(sms).toMatchObject({ channel: 'sms', to: '+233245550101' });
    const login = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { phone: '+233 24 555 0101', password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('answers 409 to a taken e-mail (any case) or phone', async () => {
    const { app } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    const again = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: { firstName: 'B', lastName: 'C', email: email!.toUpperCase(), password: TEST_PASSWORD, userType: 'renter' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'email_taken',
      error: 'An account with this email already exists',
    });
    const { phone } = await registerUser(createClient(app), { registrationMethod: 'phone', phone: '0241112222' });
    expect(phone).toBe('+233241112222');
    const dup = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: 'B',
        lastName: 'C',
        phone: '+233241112222',
        password: TEST_PASSWORD,
        userType: 'renter',
        registrationMethod: 'phone',
      },
    });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ code: 'phone_taken' });
  });

  it("answers 400 with the spec's messages", async () => {
    const { app } = await createTestApp(database());
    const res = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: '',
        lastName: '',
        email: 'not-an-email',
        password: 'short',
        userType: 'landlord',
        registrationMethod: 'email',
      },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('invalid_input');
    expect(body.issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'userType', message: 'Account Type is required' },
      { path: 'password', message: 'Password must be at least 8 characters' },
      { path: 'email', message: 'Invalid email address' },
    ]);
    const mismatch = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: {
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        confirmPassword: 'something-else',
        userType: 'renter',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({
      error: 'Passwords do not match',
      issues: [{ path: 'confirmPassword', message: 'Passwords do not match' }],
    });
    const notJson = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: expect.any(String), code: 'bad_request' });
  });

  it('keeps a business name for agents only', async () => {
    const { app } = await createTestApp(database());
    const agent = await registerUser(createClient(app), { userType: 'agent', businessName: 'Accra Homes Ltd' });
    expect(agent.user.businessName).toBe('Accra Homes Ltd');
    const owner = await registerUser(createClient(app), { userType: 'owner', businessName: 'Should Not Stay' });
    expect(owner.user.businessName).toBeNull();
  });

  it('refuses a cross-site registration with 403 and creates nothing', async () => {
    const { app, deps } = await createTestApp(database());
    const res = await app.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        userType: 'renter',
      }),
    });
    expect(res.status).toBe(403);
    expect(await deps.db.query('select 1 from users')).toEqual([]);
  });
});

describe('sign-in attempts', () => {
  it('answers 429 with Retry-After after 5 failures in 15 minutes, even with the right password, until the window passes', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const { email } = await registerUser(createClient(app));
    const attempt = (password: string) =>
      createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password } });
    for (let i = 0; i < 5; i++) {
      expect((await attempt('wrong-password')).status).toBe(401);
      now = new Date(now.getTime() + 60_000);
    }
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 'too_many_attempts' });
    // The first failure was at 10:00; it leaves the window at 10:15, and it is now 10:05.
    expect(locked.headers.get('retry-after')).toBe(String(10 * 60));
    now = new Date('2026-11-22T10:15:01Z');
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
  });

  it('counts unknown identifiers too, so a lock-out tells nothing about an account', async () => {
    const { app } = await createTestApp(database());
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) {
      expect(
        (await createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password: 'x' } })).status,
      ).toBe(401);
    }
    expect(
      (await createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password: 'x' } })).status,
    ).toBe(429);
  });
});

describe('sign-in attempts from several client addresses', () => {
  type App = Parameters<typeof createClient>[0];
  /** A browser whose requests reach the app from `address` (the tests' proxy names it in X-Forwarded-For). */
  const clientAt = (app: App, address: string) =>
    createClient({
      request: (path, init, env) => {
        const headers = new Headers(init?.headers);
        headers.set('x-forwarded-for', address);
        return app.request(path, { ...init, headers }, env);
      },
    });
  const signIn = (app: App, address: string, json: object) =>
    clientAt(app, address).request('/api/auth/login', { method: 'POST', json });

  it("does not lock the owner out: a stranger's 5 wrong passwords from one address leave the right one working from another", async () => {
    const { app } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    for (let i = 0; i < 5; i++)
      expect((await signIn(app, '203.0.113.9', { email, password: `guess-${i}` })).status).toBe(401);
    // The stranger's address is refused on this account, even with the right password…
    const refused = await signIn(app, '203.0.113.9', { email, password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // …and the owner, on their phone's address, signs in.
    expect((await signIn(app, '198.51.100.20', { email, password: TEST_PASSWORD })).status).toBe(200);
    // An IPv6 stranger cannot step around the count inside its /64.
    for (let i = 0; i < 5; i++)
      expect((await signIn(app, `2001:db8:1:2::${i + 1}`, { email, password: `guess-${i}` })).status).toBe(401);
    expect((await signIn(app, '2001:db8:1:2::99', { email, password: TEST_PASSWORD })).status).toBe(429);
  });

  it(`refuses an address spraying passwords over many accounts past ${MAX_CLIENT_FAILURES} failures, and nobody else`, async () => {
    const { app } = await createTestApp(database());
    const accounts = [];
    for (let i = 0; i < 5; i++) {
      // Each registered from an address of its own (registrations are limited per address too).
      accounts.push(await registerUser(clientAt(app, `192.0.2.${10 + i}`)));
    }
    const statuses: number[] = [];
    for (const { email } of accounts) {
      for (let i = 0; i < 5; i++)
        statuses.push((await signIn(app, '203.0.113.66', { email, password: `spray-${i}` })).status);
    }
    expect(statuses).toEqual([
      ...Array<number>(MAX_CLIENT_FAILURES).fill(401),
      ...Array<number>(25 - MAX_CLIENT_FAILURES).fill(429),
    ]);
    // Past the limit that address is refused on an account it never tried…
    const refused = await signIn(app, '203.0.113.66', { email: uniqueEmail('never-tried'), password: TEST_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // …while every owner signs in from their own address.
    for (const { email } of accounts)
      expect((await signIn(app, '198.51.100.30', { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('forgives only the failures of the address that then signs in', async () => {
    const { app } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    for (let i = 0; i < 4; i++)
      expect((await signIn(app, '203.0.113.9', { email, password: `guess-${i}` })).status).toBe(401);
    for (let i = 0; i < 4; i++)
      expect((await signIn(app, '198.51.100.20', { email, password: `typo-${i}` })).status).toBe(401);
    expect((await signIn(app, '198.51.100.20', { email, password: TEST_PASSWORD })).status).toBe(200);
    // The owner's success does not wipe the stranger's count: one more try and it is locked.
    expect((await signIn(app, '203.0.113.9', { email, password: 'guess-5' })).status).toBe(401);
    expect((await signIn(app, '203.0.113.9', { email, password: 'guess-6' })).status).toBe(429);
  });
});

describe('cookies', () => {
  it('sets a Secure cookie whenever PUBLIC_ORIGIN is https:, whatever NODE_ENV says', async () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://efie.example', NODE_ENV: 'development' });
    const { app } = await createTestApp(database(), { config });
    const res = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: TEST_PASSWORD, userType: 'renter' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
  });
});

describe('the dev outbox', () => {
  it('lists the newest messages to an address first, whatever case the address is typed in', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    const { email } = await registerUser(client);
    now = new Date('2026-11-22T10:01:01Z');
    expect((await client.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    const messages = await readOutbox(app, email!.toUpperCase());
    expect(messages).toHaveLength(2);
    expect(messages.map((m) => m.createdAt)).toEqual(['2026-11-22T10:01:01.000Z', '2026-11-22T10:00:00.000Z']);
    expect(messages[0]).toMatchObject({
      to: email,
      channel: 'email',
      subject: 'Your Efie verification code',
      sentAt: null,
    });
    // The newest code is the one that verifies.
    const code = /\b(\d{6})\b/.exec(messages[0]!.text)![1];
    expect((await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } })).status).toBe(200);
    const noAddress = await app.request('/api/dev/outbox', undefined, FROM_LOOPBACK);
    expect(noAddress.status).toBe(400);
    expect(await noAddress.json()).toMatchObject({ code: 'invalid_input' });
  });
});

describe('races and repeats', () => {
  it('lets only one of two simultaneous registrations of one e-mail through (409 for the other)', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail();
    const body = { firstName: 'A', lastName: 'B', email, password: TEST_PASSWORD, userType: 'renter' };
    const results = await Promise.all(
      [1, 2, 3].map(() => createClient(app).request('/api/auth/register', { method: 'POST', json: body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await deps.db.query('select id from users where email = $1', [email])).toHaveLength(1);
  });

  it('answers a repeated Idempotency-Key with the first registration and makes one account', async () => {
    const { app, deps } = await createTestApp(database());
    const body = { firstName: 'A', lastName: 'B', email: uniqueEmail(), password: TEST_PASSWORD, userType: 'renter' };
    const client = createClient(app);
    const first = await client.request('/api/auth/register', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'reg-1' },
    });
    const again = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'reg-1' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((await again.json()).user.id).toBe((await first.json()).user.id);
    expect(await deps.db.query('select id from users')).toHaveLength(1);
  });

  it('signs a retried registration in: the repeat gets a working session of the same account, and one code is sent', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail();
    const body = { firstName: 'A', lastName: 'B', email, password: TEST_PASSWORD, userType: 'renter' };
    const lost = createClient(app);
    const first = await lost.request('/api/auth/register', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'reg-2' },
    });
    const retry = createClient(app);
    const again = await retry.request('/api/auth/register', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'reg-2' },
    });
    expect(again.status).toBe(201);
    const me = await retry.request('/api/auth/user');
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe((await first.json()).user.id);
    expect(await deps.db.query('select id from users')).toHaveLength(1);
    expect(await deps.db.query('select id from outbox_messages where recipient = $1', [email])).toHaveLength(1);
    const other = await createClient(app).request('/api/auth/register', {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'reg-3' },
    });
    expect(other.status).toBe(409);
  });
});

describe('sign-in input and session lifetime', () => {
  it("answers 400 with the login form's messages", async () => {
    const { app } = await createTestApp(database());
    const noPassword = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email: 'ama@example.com', password: '' },
    });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({
      error: 'Password is required',
      issues: [{ path: 'password', message: 'Password is required' }],
    });
    const noEmail = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email: '', password: 'x' },
    });
    expect(await noEmail.json()).toMatchObject({ error: 'Email is required' });
    const noPhone = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { phone: '12', password: 'x' },
    });
    expect(await noPhone.json()).toMatchObject({ error: 'Please enter a valid phone number' });
  });

  it('ends a session after 30 days', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    await registerUser(client);
    now = new Date('2026-12-22T09:59:00Z');
    expect((await client.request('/api/auth/user')).status).toBe(200);
    now = new Date('2026-12-22T10:00:01Z');
    expect((await client.request('/api/auth/user')).status).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('sends the browser to the sign-in screen', async () => {
    const { app } = await createTestApp(database());
    const res = await app.request('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });
});

describe('parallel guessing', () => {
  it('lets no more than 5 of 10 simultaneous wrong sign-ins be tried', async () => {
    const { app } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password: 'parallel-guess' } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });
});
