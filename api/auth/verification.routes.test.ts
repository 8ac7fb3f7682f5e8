import { describe, expect, it } from 'vitest';
import { latestCode, readOutbox, registerUser } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

/** A code that is not the one sent. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verification codes', () => {
  it('verifies the e-mail with the code from the outbox, once', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const code = await latestCode(app, email!);
    const res = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: 'Your email address is verified',
      user: { emailVerified: true, isVerified: true },
    });
    const again = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'no_code' });
  });

  it('verifies a phone and resends a phone code, the old one no longer working', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    const { phone } = await registerUser(client, { registrationMethod: 'phone' });
    const first = await latestCode(app, phone!);
    const tooSoon = await client.request('/api/auth/resend-phone-verification', { method: 'POST' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('60');
    now = new Date('2026-11-22T10:01:00Z');
    const resent = await client.request('/api/auth/resend-phone-verification', { method: 'POST' });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: 'A new verification code has been sent to your phone' });
    expect(await readOutbox(app, phone!)).toHaveLength(2);
    const second = await latestCode(app, phone!);
    if (first !== second) {
      const old = await client.request('/api/auth/verify-phone-code', { method: 'POST', json: { code: first } });
      expect(old.status).toBe(400);
    }
    const ok = await client.request('/api/auth/verify-phone-code', { method: 'POST', json: { code: second } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).user).toMatchObject({ phoneVerified: true, isVerified: true });
    const done = await client.request('/api/auth/resend-phone-verification', { method: 'POST' });
    expect(await done.json()).toEqual({ message: 'Your phone number is already verified' });
  });

  it('waits CODE_RESEND_AFTER_SECONDS between e-mail codes when it is set, and says how long in Retry-After', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now, config: { codeResendAfterSeconds: 5 } });
    const client = createClient(app);
    const { email } = await registerUser(client);
    now = new Date('2026-11-22T10:00:02Z');
    const tooSoon = await client.request('/api/auth/resend-email-verification', { method: 'POST' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('3');
    expect(await tooSoon.json()).toMatchObject({ code: 'resend_too_soon' });
    now = new Date('2026-11-22T10:00:05Z');
    const resent = await client.request('/api/auth/resend-email-verification', { method: 'POST' });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: 'A new verification code has been sent to your email' });
    const ok = await client.request('/api/auth/verify-email-code', {
      method: 'POST',
      json: { code: await latestCode(app, email!) },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client);
    const code = await latestCode(app, email!);
    for (let i = 0; i < 5; i++) {
      const wrong = await client.request('/api/auth/verify-email-code', {
        method: 'POST',
        json: { code: otherThan(code) },
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: 'Invalid verification code', code: 'invalid_code' });
    }
    const right = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } });
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(right.headers.get('retry-after')).toBeTruthy();
    expect((await (await client.request('/api/auth/user')).json()).emailVerified).toBe(false);
  });

  it('tells a caller locked out by wrong codes to ask again after CODE_RESEND_AFTER_SECONDS, not a fixed minute', async () => {
    const { app } = await createTestApp(database(), { config: { codeResendAfterSeconds: 7 } });
    const client = createClient(app);
    const { email } = await registerUser(client);
    const code = await latestCode(app, email!);
    for (let i = 0; i < 5; i++) {
      expect(
        (await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code: otherThan(code) } }))
          .status,
      ).toBe(400);
    }
    const locked = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(locked.headers.get('retry-after')).toBe('7');
  });

  it('refuses a code after 15 minutes', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    const { email } = await registerUser(client);
    const code = await latestCode(app, email!);
    now = new Date('2026-11-22T10:15:00Z');
    const res = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'code_expired' });
    now = new Date('2026-11-22T10:16:00Z');
    expect((await client.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    const fresh = await latestCode(app, email!);
    expect(
      (await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code: fresh } })).status,
    ).toBe(200);
  });

  it("answers 400 'Please enter a valid 6-digit code' and 401 when signed out", async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    await registerUser(client);
    const bad = await client.request('/api/auth/verify-email-code', { method: 'POST', json: { code: '12a456' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Please enter a valid 6-digit code' });
    const anonymous = await createClient(app).request('/api/auth/verify-phone-code', {
      method: 'POST',
      json: { code: '123456' },
    });
    expect(anonymous.status).toBe(401);
    const noPhone = await client.request('/api/auth/resend-phone-verification', { method: 'POST' });
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toMatchObject({ code: 'no_phone' });
  });

  it("does not let one account's code verify another", async () => {
    const { app } = await createTestApp(database());
    const alice = createClient(app);
    const a = await registerUser(alice);
    const bob = createClient(app);
    const b = await registerUser(bob);
    const aliceCode = await latestCode(app, a.email!);
    // Codes are random: on the one-in-a-million chance that Bob's equals Alice's the test says so rather than pass.
    if ((await latestCode(app, b.email!)) === aliceCode) throw new Error('the two codes collided; run again');
    const res = await bob.request('/api/auth/verify-email-code', { method: 'POST', json: { code: aliceCode } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_code' });
    expect((await (await bob.request('/api/auth/user')).json()).emailVerified).toBe(false);
    // Alice's code is still hers to use.
    const own = await alice.request('/api/auth/verify-email-code', { method: 'POST', json: { code: aliceCode } });
    expect(own.status).toBe(200);
    expect((await own.json()).user).toMatchObject({ id: a.user.id, emailVerified: true });
  });
});
