import { describe, expect, it } from 'vitest';
import { readModels } from '../../events/read-models.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import {
  createAdmin,
  latestCode,
  readOutbox,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

describe('secrets never leave the server', () => {
  it('no response of any account call contains a password, a password hash, a code, a code hash or a reset token', async () => {
    const { app, deps } = await createTestApp(database());
    const responses: string[] = [];
    // Every answer except the dev outbox's, which exists to show codes outside production.
    const recording = {
      async request(path: string, init?: RequestInit, env?: object) {
        const res = await app.request(path, init, env);
        if (!path.startsWith('/api/dev/')) {
          responses.push(
            `${res.status} ${[...res.headers].map(([k, v]) => `${k}: ${k === 'set-cookie' ? v.replace(/efie_session=[^;]*/, '') : v}`).join('\n')}\n${await res.clone().text()}`,
          );
        }
        return res;
      },
    };
    const client = createClient(recording);
    const call = async (path: string, init: RequestInit & { json?: unknown }, status: number) => {
      const res = await client.request(path, init);
      expect(res.status, `${init.method} ${path}`).toBe(status);
    };
    const { email } = await registerUser(client);
    const firstCode = await latestCode(app, email!);
    await call(
      '/api/auth/verify-email-code',
      { method: 'POST', json: { code: '000000' === firstCode ? '111111' : '000000' } },
      400,
    );
    await call('/api/auth/verify-email-code', { method: 'POST', json: { code: firstCode } }, 200);
    await call(
      '/api/auth/profile',
      {
        method: 'PUT',
        json: { firstName: 'Ama', lastName: 'Mensah', email, phone: '0241234999', currentPassword: TEST_PASSWORD },
      },
      200,
    );
    await call(
      '/api/auth/verify-phone-code',
      { method: 'POST', json: { code: await latestCode(app, '+233241234999') } },
      200,
    );
    await call('/api/auth/user', {}, 200);
    await call(
      '/api/auth/change-password',
      {
        method: 'PUT',
        json: { currentPassword: TEST_PASSWORD, newPassword: 'second-password', confirmPassword: 'second-password' },
      },
      200,
    );
    await call('/api/auth/forgot-password', { method: 'POST', json: { email } }, 200);
    const link = /token=(\S+)/.exec((await readOutbox(app, email!))[0]!.text)![1]!;
    await call(
      '/api/auth/reset-password',
      { method: 'POST', json: { token: decodeURIComponent(link), newPassword: 'third-password' } },
      200,
    );
    await call('/api/auth/login', { method: 'POST', json: { email, password: 'wrong-password' } }, 401);
    await call('/api/auth/login', { method: 'POST', json: { email, password: 'third-password' } }, 200);
    const admin = createClient(recording);
    await createAdmin(deps, admin, { email: uniqueEmail('boss') });
    const adminChange = await admin.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'boss-password-2' },
    });
    expect(adminChange.status).toBe(200);
    expect((await admin.request('/api/auth/logout', { method: 'POST' })).status).toBe(200);

    const secrets = new Set<string>([
      'second-password',
      'third-password',
      'boss-password-2',
      TEST_PASSWORD,
      decodeURIComponent(link),
    ]);
    for (const row of await deps.db.query<{ password_hash: string }>('select password_hash from user_credentials'))
      secrets.add(row.password_hash);
    for (const row of await deps.db.query<{ code_hash: string }>('select code_hash from verification_codes'))
      secrets.add(row.code_hash);
    for (const row of await deps.db.query<{ body: string }>('select body from outbox_messages')) {
      for (const code of row.body.match(/\b\d{6}\b/g) ?? []) secrets.add(code);
    }
    for (const row of await deps.db.query<{ data: Record<string, string> }>('select data from events')) {
      if (row.data.passwordHash) secrets.add(row.data.passwordHash);
      if (row.data.tokenHash) secrets.add(row.data.tokenHash);
    }
    expect(secrets.size).toBeGreaterThan(8);
    expect(responses.length).toBeGreaterThan(10);
    const everything = responses.join('\n');
    for (const secret of secrets)
      expect(everything.includes(secret), `a response contains ${secret.slice(0, 12)}…`).toBe(false);
    expect(everything).not.toMatch(/scrypt\$|password_?hash|code_?hash/i);
  });

  it('answers GET /api/auth/user the same after the read models are rebuilt from the events', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await registerUser(client, { userType: 'agent', businessName: 'Kumasi Lets' });
    const verified = await client.request('/api/auth/verify-email-code', {
      method: 'POST',
      json: { code: await latestCode(app, email!) },
    });
    expect(verified.status).toBe(200);
    const profile = await client.request('/api/auth/profile', {
      method: 'PUT',
      json: {
        firstName: 'Kwame',
        lastName: 'Owusu',
        email,
        phone: '0201112233',
        licenseNumber: 'L-7',
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(profile.status).toBe(200);
    const phoneCode = await latestCode(app, '+233201112233');
    expect(
      (await client.request('/api/auth/verify-phone-code', { method: 'POST', json: { code: phoneCode } })).status,
    ).toBe(200);
    await createAdmin(deps, createClient(app));
    const before = await (await client.request('/api/auth/user')).json();
    expect(before).toMatchObject({
      firstName: 'Kwame',
      emailVerified: true,
      phone: '+233201112233',
      licenseNumber: 'L-7',
      businessName: 'Kumasi Lets',
    });
    const usersBefore = await deps.db.query('select * from users order by id');
    const credentialsBefore = await deps.db.query('select * from user_credentials order by user_id');

    // Credentials lost and profiles gone wrong: the rebuild must write them again from the log.
    await deps.db.query('delete from user_credentials');
    await deps.db.query(`update users set first_name = 'corrupted', phone = null, email_verified = false`);
    expect(await (await client.request('/api/auth/user')).json()).not.toEqual(before);
    await createProjectionSet(readModels).rebuild(deps.db);

    expect(await (await client.request('/api/auth/user')).json()).toEqual(before);
    expect(await deps.db.query('select * from users order by id')).toEqual(usersBefore);
    expect(await deps.db.query('select * from user_credentials order by user_id')).toEqual(credentialsBefore);
    const login = await createClient(app).request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});
