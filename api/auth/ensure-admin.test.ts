import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { openRuntime } from '../runtime.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import {
  latestCode,
  readOutbox,
  registerUser,
  registerVerifiedUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { createClient, createTestApp, testConfig } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { ensureAdmin, grantAdmin } from './ensure-admin.ts';
import { findUserByIdentifier } from './users.read.ts';

const database = useMigratedDatabase();

describe('admins from the environment and the CLI', () => {
  it('creates the ADMIN_EMAIL account once, verified and admin, and never resets its password', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail('admin');
    expect(await ensureAdmin(deps, { email: email.toUpperCase(), password: 'first-password' })).toBe('created');
    expect(await ensureAdmin(deps, { email, password: 'other-password' })).toBe('unchanged');
    const client = createClient(app);
    const login = await client.request('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'first-password' },
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ email, isAdmin: true, emailVerified: true });
  });

  it('grants admin to an existing verified account as an AdminGranted event, and refuses an unverified one', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const { email, user } = await registerVerifiedUser(app, client);
    expect(await grantAdmin(deps, email!.toUpperCase(), 'cli')).toBe('granted');
    expect(await grantAdmin(deps, uniqueEmail('missing'))).toBe('no_account');
    expect((await (await client.request('/api/auth/user')).json()).isAdmin).toBe(true);
    const events = await deps.store.readStream(userStreamId(user.id));
    expect(events.map((e) => e.type)).toContain('AdminGranted');
    expect(events.find((e) => e.type === 'AdminGranted')?.metadata.actorId).toBe('cli');
    expect(await ensureAdmin(deps, { email: email!, password: 'ignored-password' })).toBe('unchanged');

    const squatter = createClient(app);
    const unverified = await registerUser(squatter);
    expect(await grantAdmin(deps, unverified.email!, 'cli')).toBe('unverified');
    expect((await (await squatter.request('/api/auth/user')).json()).isAdmin).toBe(false);
  });

  it('grants admin to an existing verified ADMIN_EMAIL account at start-up, which keeps its password', async () => {
    const { app, deps } = await createTestApp(database());
    const { email, password } = await registerVerifiedUser(app, createClient(app));
    expect(await ensureAdmin(deps, { email: email!, password: 'ignored-password' })).toBe('granted');
    const login = await createClient(app).request('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ isAdmin: true });
  });

  it("drops the squatter's pending e-mail and phone with their codes when the operator takes the account over", async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail('operator');
    const squatter = createClient(app);
    await registerUser(squatter, { email });
    // The squatter asks to move the account to an address and a phone of their own: codes go there.
    const theirs = uniqueEmail('squatter');
    const theirPhone = '+233207771122';
    const change = await squatter.request('/api/auth/profile', {
      method: 'PUT',
      json: { firstName: 'Sq', lastName: 'Uatter', email: theirs, phone: theirPhone, currentPassword: TEST_PASSWORD },
    });
    expect(change.status).toBe(200);
    const emailCode = await latestCode(app, theirs);
    const phoneCode = await latestCode(app, theirPhone);

    expect(await ensureAdmin(deps, { email, password: 'operator-password-1' })).toBe('claimed');

    const operator = createClient(app);
    expect(
      (await operator.request('/api/auth/login', { method: 'POST', json: { email, password: 'operator-password-1' } }))
        .status,
    ).toBe(200);
    expect(await (await operator.request('/api/auth/user')).json()).toMatchObject({
      email,
      emailVerified: true,
      pendingEmail: null,
      phone: null,
      pendingPhone: null,
    });
    // The squatter's codes verify nothing, whoever sends them.
    expect(
      (await operator.request('/api/auth/verify-email-code', { method: 'POST', json: { code: emailCode } })).status,
    ).toBe(400);
    expect(
      (await operator.request('/api/auth/verify-phone-code', { method: 'POST', json: { code: phoneCode } })).status,
    ).toBe(400);
    expect(await (await operator.request('/api/auth/user')).json()).toMatchObject({
      email,
      emailVerified: true,
      pendingEmail: null,
      phone: null,
    });
    expect(await deps.db.query('select 1 from verification_codes')).toEqual([]);
    // Nothing more goes to the squatter's address.
    expect((await operator.request('/api/auth/resend-email-verification', { method: 'POST' })).status).toBe(200);
    expect(await readOutbox(app, theirs)).toHaveLength(1);
  });

  it('takes over an unverified account at ADMIN_EMAIL for the operator: new password, e-mail verified, phone removed, sessions ended', async () => {
    const { app, deps } = await createTestApp(database());
    const email = uniqueEmail('operator');
    // Someone registers the operator's address first and adds a phone of their own to reset by.
    const squatter = createClient(app);
    const { user } = await registerUser(squatter, { email });
    const phone = '+233207778899';
    expect(
      (
        await squatter.request('/api/auth/profile', {
          method: 'PUT',
          json: { firstName: 'Sq', lastName: 'Uatter', email, phone, currentPassword: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await squatter.request('/api/auth/verify-phone-code', {
          method: 'POST',
          json: { code: await latestCode(app, phone) },
        })
      ).status,
    ).toBe(200);

    expect(await ensureAdmin(deps, { email, password: 'operator-password-1' })).toBe('claimed');

    expect((await squatter.request('/api/auth/user')).status).toBe(401);
    const signIn = (json: object) => createClient(app).request('/api/auth/login', { method: 'POST', json });
    expect((await signIn({ email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await signIn({ phone, password: TEST_PASSWORD })).status).toBe(401);
    const operator = await signIn({ email, password: 'operator-password-1' });
    expect(operator.status).toBe(200);
    expect((await operator.json()).user).toMatchObject({
      id: user.id,
      isAdmin: true,
      emailVerified: true,
      phone: null,
    });
    // Forgot-password by the squatter's phone reaches no account now.
    expect(
      (await createClient(app).request('/api/auth/forgot-password', { method: 'POST', json: { phone } })).status,
    ).toBe(200);
    expect((await readOutbox(app, phone)).filter((m) => m.text.includes('reset'))).toEqual([]);
    const types = (await deps.store.readStream(userStreamId(user.id))).map((e) => e.type);
    expect(types.slice(-4)).toEqual(['PasswordSetByOperator', 'EmailVerified', 'PhoneChanged', 'AdminGranted']);
    expect(await ensureAdmin(deps, { email, password: 'operator-password-2' })).toBe('unchanged');
  });

  it('makes the ADMIN_EMAIL admin when the runtime opens (server start-up)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'efie-admin-'));
    const config = testConfig({
      dataDir,
      databaseUrl: undefined,
      admin: { email: 'Boss@Example.com', password: 'boss-password-1' },
    });
    const deps = await openRuntime(config, silentLogger);
    try {
      const row = await findUserByIdentifier(deps.db, { kind: 'email', value: 'boss@example.com' });
      expect(row).toMatchObject({ is_admin: true, email_verified: true });
    } finally {
      await deps.db.close();
    }
  }, 60_000);
});
