import { describe, expect, it } from 'vitest';
import { readOutbox, TEST_PASSWORD, uniqueEmail } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { CODE_FAILURES_PER_DAY } from './verification-codes.ts';

const database = useMigratedDatabase();

const tokenIn = (text: string) => decodeURIComponent(/token=(\S+)/.exec(text)![1]!);

describe('a captured registration request, replayed', () => {
  const register = (client: ReturnType<typeof createClient>, body: object, key: string) =>
    client.request('/api/auth/register', { method: 'POST', json: body, headers: { 'idempotency-key': key } });

  it('answers 409 "sign in" with no cookie once the password was reset, and makes nothing', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail('victim');
    const body = { firstName: 'Efua', lastName: 'Boateng', email, password: TEST_PASSWORD, userType: 'renter' };
    const first = await register(createClient(app), body, 'outbox-reg-1');
    expect(first.status).toBe(201);
    expect(
      (await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { email } })).status,
    ).toBe(200);
    const token = tokenIn((await readOutbox(app, email))[0]!.text);
    const reset = await createClient(app).request('/api/auth/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'victims-new-password' },
    });
    expect(reset.status).toBe(200);

    const attacker = createClient(app);
    const replay = await register(attacker, body, 'outbox-reg-1');
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({
      error: 'This account was already created. Sign in with its password.',
      code: 'already_registered',
    });
    expect(replay.headers.getSetCookie()).toEqual([]);
    expect((await attacker.request('/api/auth/user')).status).toBe(401);
    expect(await deps.db.query('select id from users')).toHaveLength(1);
  });

  it('still signs the person in with the same account when every stored answer and append key is gone', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail('phone');
    const body = { firstName: 'Kofi', lastName: 'Annan', email, password: TEST_PASSWORD, userType: 'owner' };
    const first = await register(createClient(app), body, 'outbox-reg-2');
    expect(first.status).toBe(201);
    const { user } = await first.json();
    // As after a crash and the pruning of every record of the first attempt.
    await deps.db.query('delete from http_idempotency');
    await deps.db.query('delete from append_idempotency');
    const retry = createClient(app);
    const again = await register(retry, body, 'outbox-reg-2');
    expect(again.status).toBe(201);
    expect((await again.json()).user.id).toBe(user.id);
    expect((await retry.request('/api/auth/user')).status).toBe(200);
    expect(await deps.db.query('select id from users')).toHaveLength(1);
    // One code only: the retry sent none.
    expect(await readOutbox(app, email)).toHaveLength(1);
  });
});

describe('verification code guesses', () => {
  it(`allows ${CODE_FAILURES_PER_DAY} wrong codes per account in 24 hours, however many new codes are asked for`, async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await createTestApp(database(), { clock: () => now });
    const client = createClient(app);
    const email = uniqueEmail('guess');
    const reg = await client.request('/api/auth/register', {
      method: 'POST',
      json: { firstName: 'G', lastName: 'H', email, password: TEST_PASSWORD, userType: 'renter' },
    });
    expect(reg.status).toBe(201);
    const latest = async () => /\b(\d{6})\b/.exec((await readOutbox(app, email))[0]!.text)![1]!;
    const guess = async () => {
      const code = await latest();
      const wrong = code === '000000' ? '111111' : '000000';
      return client.request('/api/auth/verify-email-code', { method: 'POST', json: { code: wrong } });
    };
    let wrongAnswers = 0;
    while (wrongAnswers < CODE_FAILURES_PER_DAY) {
      for (let i = 0; i < 5 && wrongAnswers < CODE_FAILURES_PER_DAY; i++) {
        expect((await guess()).status).toBe(400);
        wrongAnswers++;
      }
      now = new Date(now.getTime() + 61_000);
      expect((await client.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    }
    // A fresh code, and even the right one, is refused for the rest of the day.
    const refused = await client.request('/api/auth/verify-email-code', {
      method: 'POST',
      json: { code: await latest() },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'too_many_attempts',
      error: 'Too many wrong codes today. Try again tomorrow.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    now = new Date('2026-11-23T10:05:00Z');
    expect((await client.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    const accepted = await client.request('/api/auth/verify-email-code', {
      method: 'POST',
      json: { code: await latest() },
    });
    expect(accepted.status).toBe(200);
  });
});
