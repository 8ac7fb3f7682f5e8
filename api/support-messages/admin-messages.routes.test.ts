import { describe, expect, it } from 'vitest';
import type { MessageReceipt, TeamMessage, TeamMessagePage } from '../contract/messages.schema.ts';
import { createAdmin, registerUser, uniqueEmail } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { readModels } from '../../events/read-models.ts';
import { createProjectionSet } from '../../events/store/projections.ts';

const database = useMigratedDatabase();

async function setup() {
  let tick = Date.parse('2026-11-23T10:00:00Z');
  // Each request a minute later: "newest first" is then a fact of the data, not of timing.
  const { app, deps } = await createTestApp(database(), {
    clock: () => {
      tick += 60_000;
      return new Date(tick);
    },
  });
  const admin = createClient(app);
  const adminAccount = await createAdmin(deps, admin);
  const renter = createClient(app);
  await registerUser(renter);
  const visitor = createClient(app);
  return { app, deps, admin, adminAccount, renter, visitor };
}
type Client = ReturnType<typeof createClient>;

async function send(visitor: Client, subject: string, form: 'support' | 'contact' = 'support') {
  const json =
    form === 'support'
      ? { email: uniqueEmail(), subject, message: `About ${subject}` }
      : {
          firstName: 'Esi',
          lastName: 'Asante',
          contactMethod: 'phone',
          phone: '+233 20 111 2222',
          userType: 'tenant',
          subject,
          message: `About ${subject}`,
        };
  const res = await visitor.request(`/api/${form}/message`, { method: 'POST', json });
  expect(res.status).toBe(201);
  return (await res.json()) as MessageReceipt;
}
async function list(admin: Client, query = '') {
  const res = await admin.request(`/api/admin/messages${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TeamMessagePage;
}

describe('admin messages', () => {
  it('answers 401 to visitors and 403 to everyone but admins, and changes nothing', async () => {
    const { admin, renter, visitor } = await setup();
    const { id } = await send(visitor, 'Leaking roof');
    for (const client of [visitor, renter]) {
      const status = client === visitor ? 401 : 403;
      await expectError(
        await client.request('/api/admin/messages'),
        status,
        client === visitor ? 'unauthorized' : 'forbidden',
      );
      await expectError(
        await client.request(`/api/admin/messages/${id}/handled`, { method: 'POST' }),
        status,
        client === visitor ? 'unauthorized' : 'forbidden',
      );
    }
    expect((await list(admin)).messages[0]).toMatchObject({ id, status: 'unhandled', handledBy: null });
  });

  it('lists support and contact messages newest first, filtered by status and paged', async () => {
    const { admin, visitor } = await setup();
    const first = await send(visitor, 'First', 'support');
    const second = await send(visitor, 'Second', 'contact');
    const third = await send(visitor, 'Third', 'support');
    const all = await list(admin, '?status=all');
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.messages.map((m) => m.reference)).toEqual([third.reference, second.reference, first.reference]);
    expect(all.messages[1]).toMatchObject<Partial<TeamMessage>>({
      form: 'contact',
      firstName: 'Esi',
      lastName: 'Asante',
      contactMethod: 'phone',
      phone: '+233 20 111 2222',
      userType: 'tenant',
      subject: 'Second',
      message: 'About Second',
      status: 'unhandled',
    });
    const paged = await list(admin, '?limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.messages.map((m) => m.subject)).toEqual(['First']);
    await expectError(await admin.request('/api/admin/messages?status=open'), 400, 'invalid_input');
    await expectError(await admin.request('/api/admin/messages?page=0'), 400, 'invalid_input');
  });

  it('marks a message handled with the admin who did it; a second time is 409; the filters follow', async () => {
    const { admin, adminAccount, visitor } = await setup();
    const a = await send(visitor, 'Handled one');
    const b = await send(visitor, 'Still open');
    const res = await admin.request(`/api/admin/messages/${a.id}/handled`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; teamMessage: TeamMessage };
    expect(body.message).toBe('Message marked as handled.');
    expect(body.teamMessage).toMatchObject({
      id: a.id,
      status: 'handled',
      handledBy: adminAccount.user.id,
      handledByEmail: adminAccount.email,
      handledAt: expect.any(String),
      version: 2,
    });
    const again = await expectError(
      await admin.request(`/api/admin/messages/${a.id}/handled`, { method: 'POST' }),
      409,
      'already_handled',
    );
    expect(again.error).toBe('This message was already marked handled.');
    expect((await list(admin, '?status=unhandled')).messages.map((m) => m.id)).toEqual([b.id]);
    expect((await list(admin, '?status=handled')).messages.map((m) => m.id)).toEqual([a.id]);
    await expectError(
      await admin.request('/api/admin/messages/00000000-0000-4000-8000-000000000000/handled', { method: 'POST' }),
      404,
      'message_not_found',
    );
    await expectError(
      await admin.request('/api/admin/messages/not-an-id/handled', { method: 'POST' }),
      404,
      'message_not_found',
    );
  });

  it('replays a mark-handled sent again with its Idempotency-Key instead of answering 409', async () => {
    const { admin, visitor } = await setup();
    const { id } = await send(visitor, 'Twice');
    const headers = { 'idempotency-key': 'handle-1' };
    const first = await admin.request(`/api/admin/messages/${id}/handled`, { method: 'POST', headers });
    const again = await admin.request(`/api/admin/messages/${id}/handled`, { method: 'POST', headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers the same after npm run projections:rebuild', async () => {
    const { deps, admin, visitor } = await setup();
    const { id } = await send(visitor, 'Rebuild me', 'contact');
    await send(visitor, 'And me');
    expect((await admin.request(`/api/admin/messages/${id}/handled`, { method: 'POST' })).status).toBe(200);
    const before = await list(admin);
    // One message lost, the other gone wrong: the rebuild must write both again from the log.
    await deps.db.query('delete from support_messages where id = $1', [id]);
    await deps.db.query(`update support_messages set subject = 'corrupted'`);
    expect(await list(admin)).not.toEqual(before);
    await createProjectionSet(readModels).rebuild(deps.db);
    expect(await list(admin)).toEqual(before);
  });
});
