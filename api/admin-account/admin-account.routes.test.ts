import { describe, expect, it } from 'vitest';
import { createAdmin, registerUser, TEST_PASSWORD } from '../../testing/accounts.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

describe('POST /api/admin/change-password', () => {
  it('refuses the signed-out (401) and non-admins (403) on the server', async () => {
    const { app } = await createTestApp(database());
    const body = { currentPassword: TEST_PASSWORD, newPassword: 'admin-password-2' };
    const anonymous = await createClient(app).request('/api/admin/change-password', { method: 'POST', json: body });
    expect(anonymous.status).toBe(401);
    const renter = createClient(app);
    await registerUser(renter);
    const refused = await renter.request('/api/admin/change-password', { method: 'POST', json: body });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Admins only', code: 'forbidden' });
  });

  it('changes the admin password', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await createAdmin(deps, client);
    const res = await client.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'admin-password-2', confirmPassword: 'admin-password-2' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password changed successfully' });
    expect(
      (
        await createClient(app).request('/api/auth/login', {
          method: 'POST',
          json: { email, password: 'admin-password-2' },
        })
      ).status,
    ).toBe(200);
  });

  it("gives the admin panel's messages", async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const short = await client.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: 'Password must be at least 8 characters long' });
    const mismatch = await client.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'admin-password-2', confirmPassword: 'admin-password-3' },
    });
    expect(await mismatch.json()).toMatchObject({ error: 'New passwords do not match' });
    const wrong = await client.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: 'wrong-password', newPassword: 'admin-password-2' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'wrong_password' });
  });

  it('stops honouring an admin session once admin is revoked', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const { email } = await createAdmin(deps, client);
    const { revokeAdmin } = await import('../auth/ensure-admin.ts');
    expect(await revokeAdmin(deps, email!)).toBe(true);
    const res = await client.request('/api/admin/change-password', {
      method: 'POST',
      json: { currentPassword: TEST_PASSWORD, newPassword: 'admin-password-2' },
    });
    expect(res.status).toBe(403);
  });
});
