import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { openRuntime } from '../runtime.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import { registerUser, uniqueEmail } from '../testing/accounts.ts';
import { createClient, createTestApp, testConfig } from '../testing/test-app.ts';
import { useMigratedDatabase } from '../testing/use-test-database.ts';
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
    const login = await client.request('/api/auth/login', { method: 'POST', json: { email, password: 'first-password' } });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ email, isAdmin: true, emailVerified: true });
  });

  it('grants admin to an existing account as an AdminGranted event', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const { email, user } = await registerUser(client);
    expect(await grantAdmin(deps, email!.toUpperCase(), 'cli')).toBe(true);
    expect(await grantAdmin(deps, uniqueEmail('missing'))).toBe(false);
    expect((await (await client.request('/api/auth/user')).json()).isAdmin).toBe(true);
    const events = await deps.store.readStream(userStreamId(user.id));
    expect(events.map((e) => e.type)).toContain('AdminGranted');
    expect(events.find((e) => e.type === 'AdminGranted')?.metadata.actorId).toBe('cli');
    expect(await ensureAdmin(deps, { email: email!, password: 'ignored-password' })).toBe('unchanged');
  });

  it('grants admin to an existing ADMIN_EMAIL account at start-up', async () => {
    const { app, deps } = await createTestApp(database());
    const { email } = await registerUser(createClient(app));
    expect(await ensureAdmin(deps, { email: email!, password: 'ignored-password' })).toBe('granted');
  });

  it('makes the ADMIN_EMAIL admin when the runtime opens (server start-up)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'efie-admin-'));
    const config = testConfig({ dataDir, databaseUrl: undefined, admin: { email: 'Boss@Example.com', password: 'boss-password-1' } });
    const deps = await openRuntime(config, silentLogger);
    try {
      const row = await findUserByIdentifier(deps.db, { kind: 'email', value: 'boss@example.com' });
      expect(row).toMatchObject({ is_admin: true, email_verified: true });
    } finally {
      await deps.db.close();
    }
  }, 60_000);
});
