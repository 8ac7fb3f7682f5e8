import { describe, expect, it } from 'vitest';
import { userStreamId } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminListAnswer, GrantAdminAnswer } from '../contract/admins.schema.ts';
import { createAdmin, registerUser, registerVerifiedUser, uniqueEmail } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { grantAdminRole, revokeAdminRole } from './admin-roles.ts';
import { requestOrigin } from '../commands/run-command.ts';

const database = useMigratedDatabase();
/** What a request of this admin's asks with, past the session check it passed before the lock. */
const signedIn = (id: string) => requestOrigin({ user: { id }, requestId: 'test' });
type Client = ReturnType<typeof createClient>;

const adminIds = async (client: Client) => {
  const res = await client.request('/api/admin/admins');
  expect(res.status).toBe(200);
  return ((await res.json()) as AdminListAnswer).admins.map((a) => a.id).sort();
};
const grant = (client: Client, email: string, headers: Record<string, string> = {}) =>
  client.request('/api/admin/admins', { method: 'POST', json: { email }, headers });
const revoke = (client: Client, userId: string, headers: Record<string, string> = {}) =>
  client.request(`/api/admin/admins/${userId}`, { method: 'DELETE', headers });
const adminEvents = async (deps: AppDeps, userId: string) =>
  (await deps.store.readStream(userStreamId(userId))).filter(
    (e) => e.type === 'AdminGranted' || e.type === 'AdminRevoked',
  );
const isAdmin = async (client: Client) =>
  ((await (await client.request('/api/auth/user')).json()) as { isAdmin: boolean }).isAdmin;

describe('who may manage admins', () => {
  it('refuses every call to the signed-out (401) and to non-admins (403), before reading the body', async () => {
    const { app, deps } = await createTestApp(database());
    const admin = await createAdmin(deps, createClient(app));
    const calls = [
      { path: '/api/admin/admins', init: {} },
      { path: '/api/admin/admins', init: { method: 'POST', json: { email: admin.email } } },
      { path: '/api/admin/admins', init: { method: 'POST', json: { email: 'not an address' } } },
      { path: `/api/admin/admins/${admin.user.id}`, init: { method: 'DELETE' } },
    ];
    const renter = createClient(app);
    await registerVerifiedUser(app, renter);
    for (const { path, init } of calls) {
      await expectError(await createClient(app).request(path, init), 401, 'unauthorized');
      await expectError(await renter.request(path, init), 403, 'forbidden');
    }
    expect(await adminEvents(deps, admin.user.id)).toHaveLength(1);
  });
});

describe('GET /api/admin/admins', () => {
  it('lists every admin with name and e-mail, and nobody else', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const ama = await createAdmin(deps, client, { firstName: 'Ama', lastName: 'Owusu' });
    const kofi = await createAdmin(deps, createClient(app), { firstName: 'Kofi', lastName: 'Boateng' });
    await registerVerifiedUser(app, createClient(app));
    const res = await client.request('/api/admin/admins');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      admins: [
        { id: ama.user.id, email: ama.email, firstName: 'Ama', lastName: 'Owusu' },
        { id: kofi.user.id, email: kofi.email, firstName: 'Kofi', lastName: 'Boateng' },
      ],
    });
  });
});

describe('POST /api/admin/admins', () => {
  it('grants admin to a verified account, recording the acting admin as grantedBy', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const actor = await createAdmin(deps, client);
    const grantee = createClient(app);
    const { user, email } = await registerVerifiedUser(app, grantee, { firstName: 'Esi', lastName: 'Darko' });
    const res = await grant(client, `  ${email!.toUpperCase()} `);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      message: 'Esi Darko is now an admin.',
      granted: true,
      admin: { id: user.id, email, firstName: 'Esi', lastName: 'Darko' },
    } satisfies GrantAdminAnswer);
    const [event] = await adminEvents(deps, user.id);
    expect(event).toMatchObject({
      type: 'AdminGranted',
      data: { grantedBy: actor.user.id },
      metadata: { actorId: actor.user.id },
    });
    expect(await isAdmin(grantee)).toBe(true);
    expect(await adminIds(client)).toEqual([actor.user.id, user.id].sort());
  });

  it('answers 200 and appends nothing for an account that is an admin already', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const other = await createAdmin(deps, createClient(app));
    const version = await deps.store.streamVersion(userStreamId(other.user.id));
    const res = await grant(client, other.email!);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ granted: false, message: 'Adwoa Admin is already an admin.' });
    expect(await deps.store.streamVersion(userStreamId(other.user.id))).toBe(version);
  });

  it('refuses an unknown address (404) and an unverified one (409), appending nothing', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const unknown = await expectError(await grant(client, uniqueEmail('nobody')), 404, 'user_not_found');
    expect(unknown.issues).toEqual([{ path: 'email', message: unknown.error }]);
    const squatter = createClient(app);
    const { user, email } = await registerUser(squatter);
    await expectError(await grant(client, email!), 409, 'email_not_verified');
    expect(await adminEvents(deps, user.id)).toEqual([]);
    expect(await isAdmin(squatter)).toBe(false);
  });

  it("answers malformed bodies with 400 in the contract's format", async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const notAnAddress = await expectError(await grant(client, 'not an address'), 400, 'invalid_input');
    expect(notAnAddress.issues).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    const missing = await expectError(
      await client.request('/api/admin/admins', { method: 'POST', json: {} }),
      400,
      'invalid_input',
    );
    expect(missing.issues?.[0]?.path).toBe('email');
    const broken = await client.request('/api/admin/admins', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(await expectError(broken, 400, 'bad_request')).toEqual({
      error: 'Malformed JSON in request body',
      code: 'bad_request',
    });
  });

  it('refuses a grant from an admin whose rights were taken while they asked (403)', async () => {
    const { app, deps } = await createTestApp(database());
    const a = await createAdmin(deps, createClient(app));
    const b = await createAdmin(deps, createClient(app));
    const { user, email } = await registerVerifiedUser(app, createClient(app));
    await revokeAdminRole(deps, signedIn(a.user.id), b.user.id);
    await expect(grantAdminRole(deps, signedIn(b.user.id), email!)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await adminEvents(deps, user.id)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first answer', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const { user, email } = await registerVerifiedUser(app, createClient(app));
    const first = await grant(client, email!, { 'Idempotency-Key': 'grant-1' });
    const again = await grant(client, email!, { 'Idempotency-Key': 'grant-1' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await adminEvents(deps, user.id)).toHaveLength(1);
  });
});

describe('DELETE /api/admin/admins/{userId}', () => {
  it('revokes another admin, recording the acting admin as revokedBy; their next request is not an admin one', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const actor = await createAdmin(deps, client);
    const otherClient = createClient(app);
    const other = await createAdmin(deps, otherClient, { firstName: 'Yaw', lastName: 'Mensah' });
    expect((await otherClient.request('/api/admin/admins')).status).toBe(200);
    const res = await revoke(client, other.user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Yaw Mensah is no longer an admin.' });
    expect((await adminEvents(deps, other.user.id)).at(-1)).toMatchObject({
      type: 'AdminRevoked',
      data: { revokedBy: actor.user.id },
      metadata: { actorId: actor.user.id },
    });
    // Same session, next request: the session reads is_admin from the users read model each time.
    await expectError(await otherClient.request('/api/admin/admins'), 403, 'forbidden');
    expect(await isAdmin(otherClient)).toBe(false);
    expect(await adminIds(client)).toEqual([actor.user.id]);
  });

  it('never revokes your own admin rights (409)', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    const actor = await createAdmin(deps, client);
    await createAdmin(deps, createClient(app));
    await expectError(await revoke(client, actor.user.id), 409, 'cannot_revoke_self');
    expect(await isAdmin(client)).toBe(true);
  });

  it('answers 404 for a bad id, an unknown account and an account that is not an admin', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const { user } = await registerVerifiedUser(app, createClient(app));
    await expectError(await revoke(client, 'not-a-uuid'), 404, 'admin_not_found');
    await expectError(await revoke(client, '00000000-0000-4000-8000-000000000000'), 404, 'admin_not_found');
    await expectError(await revoke(client, user.id), 404, 'admin_not_found');
    expect(await adminEvents(deps, user.id)).toEqual([]);
  });

  it('never revokes the last admin, even for an admin whose rights were taken while they asked (409 last_admin)', async () => {
    const { app, deps } = await createTestApp(database());
    const a = await createAdmin(deps, createClient(app));
    const b = await createAdmin(deps, createClient(app));
    await revokeAdminRole(deps, signedIn(a.user.id), b.user.id);
    // b passed the session's admin check before the revoke above; inside the lock only a is left.
    await expect(revokeAdminRole(deps, signedIn(b.user.id), a.user.id)).rejects.toMatchObject({ code: 'last_admin' });
    expect((await adminEvents(deps, a.user.id)).map((e) => e.type)).toEqual(['AdminGranted']);
  });

  it('answers a repeated Idempotency-Key with the first answer, not a 404', async () => {
    const { app, deps } = await createTestApp(database());
    const client = createClient(app);
    await createAdmin(deps, client);
    const other = await createAdmin(deps, createClient(app));
    const first = await revoke(client, other.user.id, { 'Idempotency-Key': 'revoke-1' });
    const again = await revoke(client, other.user.id, { 'Idempotency-Key': 'revoke-1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await adminEvents(deps, other.user.id)).map((e) => e.type)).toEqual(['AdminGranted', 'AdminRevoked']);
  });
});

describe('two admins revoking each other at the same moment', () => {
  /** On PostgreSQL the two requests really overlap; several rounds make a lost lock show. */
  const ROUNDS = 6;

  it('lets exactly one succeed and always leaves an admin', async () => {
    const { app, deps } = await createTestApp(database());
    const [clientA, clientB] = [createClient(app), createClient(app)];
    const a = await createAdmin(deps, clientA);
    const b = await createAdmin(deps, clientB);
    const refusals: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [byA, byB] = await Promise.all([revoke(clientA, b.user.id), revoke(clientB, a.user.id)]);
      const statuses = [byA.status, byB.status];
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(', ')}`,
      ).toHaveLength(1);
      const [loser, winnerClient, loserEmail] =
        byA.status === 200 ? [byB, clientA, b.email!] : [byA, clientB, a.email!];
      // The loser either waited for the lock and found itself the last admin, or came after the revoke's commit.
      const body = (await loser.json()) as { code: string };
      expect([`409 last_admin`, `403 forbidden`]).toContain(`${loser.status} ${body.code}`);
      refusals.push(body.code);
      expect(await adminIds(winnerClient)).toHaveLength(1);
      expect((await grant(winnerClient, loserEmail)).status).toBe(201);
    }
    expect(await adminIds(clientA)).toEqual([a.user.id, b.user.id].sort());
    // On PGlite the requests queue, and the second always meets the lock's check.
    if (deps.db.kind === 'pglite') expect(new Set(refusals)).toEqual(new Set(['last_admin']));
  });

  it('refuses the revoke of an admin who lost their own rights while waiting, with a third admin left (403)', async () => {
    const { app, deps } = await createTestApp(database());
    const [clientA, clientB] = [createClient(app), createClient(app)];
    const a = await createAdmin(deps, clientA);
    const b = await createAdmin(deps, clientB);
    const c = await createAdmin(deps, createClient(app));
    const [byA, byB] = await Promise.all([revoke(clientA, b.user.id), revoke(clientB, a.user.id)]);
    expect([byA.status, byB.status].sort()).toEqual([200, 403]);
    const winner = byA.status === 200 ? a : b;
    expect(await adminIds(byA.status === 200 ? clientA : clientB)).toEqual([winner.user.id, c.user.id].sort());
  });
});
