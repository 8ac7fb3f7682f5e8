import { describe, expect, it } from 'vitest';
import { readOutbox, registerUser, TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { createClient, createTestApp, TEST_ORIGIN } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { FORGOT_PASSWORD_MESSAGE } from './password-reset.routes.ts';

const database = useMigratedDatabase();

const linkIn = (text: string) => /(\S+\/reset-password\?token=\S+)/.exec(text)?.[1];
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

const INVALID_LINK = {
  error: 'This reset link is invalid or has already been used. Ask for a new one.',
  code: 'invalid_reset_token',
};

/** The body of a refused reset, after checking it holds neither the token nor its base64url secret, raw or URL-encoded. */
async function bodyWithoutToken(res: Response, token: string): Promise<unknown> {
  const text = await res.text();
  const secret = token.slice(token.indexOf('.') + 1);
  for (const shown of [token, encodeURIComponent(token), secret]) expect(text).not.toContain(shown);
  return JSON.parse(text);
}

describe('forgot password and reset by link', () => {
  it('answers the same whether or not the account exists, and only a real account gets a link', async () => {
    const { app } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    const stranger = uniqueEmail('nobody');
    const known = await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const unknown = await createClient(app).request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: stranger },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await unknown.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await readOutbox(app, stranger)).toEqual([]);
    const [message] = await readOutbox(app, email!);
    expect(message?.subject).toBe('Reset your Efie password');
    expect(linkIn(message!.text)).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password\\?token=`));
  });

  it('resets the password once, signs out every session, and refuses the link a second time', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const token = tokenOf(linkIn((await readOutbox(app, email!))[0]!.text)!);
    const reset = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'brand-new-password' },
    });
    expect(reset.status).toBe(200);
    expect((await client.request('/api/auth/user')).status).toBe(401);
    const signedIn = createClient(app);
    const relogin = await signedIn.request('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'brand-new-password' },
    });
    expect((await relogin.json()).user.emailVerified).toBe(true);
    expect(
      (await createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
    expect(
      (
        await createClient(app).request('/api/auth/login', {
          method: 'POST',
          json: { email, password: 'brand-new-password' },
        })
      ).status,
    ).toBe(200);
    const twice = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'attacker-password' },
    });
    expect(twice.status).toBe(400);
    expect(await bodyWithoutToken(twice, token)).toEqual(INVALID_LINK);
    expect(
      (
        await createClient(app).request('/api/auth/login', {
          method: 'POST',
          json: { email, password: 'attacker-password' },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a link after 60 minutes', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const { email } = await registerUser(createClient(app));
    await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const token = tokenOf(linkIn((await readOutbox(app, email!))[0]!.text)!);
    now = new Date('2026-11-22T11:00:00Z');
    const res = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'brand-new-password' },
    });
    expect(res.status).toBe(400);
    expect(await bodyWithoutToken(res, token)).toEqual({
      code: 'reset_link_expired',
      error: 'This reset link has expired. Ask for a new one.',
    });
  });

  it('refuses made-up and tampered tokens', async () => {
    const { app } = await createTestApp(database());
    const { email, user } = await registerUser(createClient(app));
    await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const token = tokenOf(linkIn((await readOutbox(app, email!))[0]!.text)!);
    for (const forged of [
      'nonsense',
      `${user.id}.guess`,
      `${token}x`,
      `00000000-0000-4000-8000-000000000000.${token.split('.')[1]}`,
    ]) {
      const res = await createClient(app).request('/api/auth/reset-password', {
        method: 'POST',
        json: { token: forged, newPassword: 'brand-new-password' },
      });
      expect(res.status).toBe(400);
      expect(await bodyWithoutToken(res, forged)).toEqual(INVALID_LINK);
    }
    const short = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(await bodyWithoutToken(short, token)).toMatchObject({
      issues: [{ path: 'newPassword', message: 'Password must be at least 8 characters' }],
    });
  });

  it('sends the link by SMS to a phone account', async () => {
    const { app } = await createTestApp(database());
    const { phone } = await registerUser(createClient(app), { registrationMethod: 'phone' });
    const res = await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { phone } });
    expect(res.status).toBe(200);
    const [sms] = await readOutbox(app, phone!);
    expect(sms?.channel).toBe('sms');
    expect(linkIn(sms!.text)).toBeTruthy();
  });

  it('past 3 links to one address in 15 minutes answers the same 200 and sends nothing, whether or not the account exists', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => new Date(now) });
    const { email } = await registerUser(createClient(app));
    const stranger = uniqueEmail('flood');
    for (const address of [email!, email!.toUpperCase(), stranger]) {
      for (let i = 0; i < 5; i++) {
        // From different client addresses: the limit is the address's, whoever asks.
        const res = await createClient(app).request('/api/auth/forgot-password', {
          method: 'POST',
          json: { email: address },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      }
    }
    // 3 messages to the address in 15 minutes, its registration code among them; none to the stranger's.
    expect(await readOutbox(app, email!)).toHaveLength(3);
    expect((await readOutbox(app, email!)).filter((m) => linkIn(m.text))).toHaveLength(2);
    expect(await readOutbox(app, stranger)).toEqual([]);
    // After the 15 minutes the owner gets a link again.
    now += 15 * 60 * 1000 + 1000;
    expect(
      (await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } })).status,
    ).toBe(200);
    expect((await readOutbox(app, email!)).filter((m) => linkIn(m.text))).toHaveLength(3);
  });

  it('sends one client at most 30 links an hour across addresses, answering the same 200 past it', async () => {
    const { app } = await createTestApp(database());
    const owners = [];
    for (let i = 0; i < 31; i++) owners.push((await registerUser(createClient(app))).email!);
    const spray = async (address: string, ip: string) =>
      createClient(app).request('/api/auth/forgot-password', {
        method: 'POST',
        json: { email: address },
        headers: { 'x-forwarded-for': ip },
      });
    for (const address of owners) expect((await spray(address, '203.0.113.9')).status).toBe(200);
    const sent = await Promise.all(
      owners.map(async (address) => (await readOutbox(app, address)).filter((m) => linkIn(m.text)).length),
    );
    expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
    expect(sent.at(-1)).toBe(0);
    // Another client's request for the last address is sent.
    expect((await spray(owners.at(-1)!, '203.0.113.10')).status).toBe(200);
    expect((await readOutbox(app, owners.at(-1)!)).filter((m) => linkIn(m.text))).toHaveLength(1);
  });

  it("answers 400 'Invalid email address' to a malformed address", async () => {
    const { app } = await createTestApp(database());
    const res = await createClient(app).request('/api/auth/forgot-password', {
      method: 'POST',
      json: { email: 'not-an-address' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invalid email address' });
  });
});
