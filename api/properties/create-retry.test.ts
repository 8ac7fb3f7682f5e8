import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/accounts.ts';
import { listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';

const database = useMigratedDatabase();

describe('a listing created with an Idempotency-Key and retried', () => {
  const create = (client: ReturnType<typeof createClient>, key: string) =>
    client.request('/api/properties', {
      method: 'POST',
      json: listingBody({ title: 'Retried flat' }),
      headers: { 'idempotency-key': key },
    });

  it('gives the first listing after a crash between the append and the stored answer, never a second one', async () => {
    const { app, deps } = await createTestApp(database());
    const owner = createClient(app);
    await registerUser(owner, { userType: 'owner' });
    const first = await create(owner, 'draft-42');
    expect(first.status).toBe(201);
    const { id } = await first.json();
    // The crash: the listing's events were appended, the HTTP answer was never stored.
    await deps.db.query('delete from http_idempotency');
    const retry = await create(owner, 'draft-42');
    expect(retry.status).toBe(201);
    expect((await retry.json()).id).toBe(id);
    // Days later, every record of the first attempt pruned: still the same listing.
    await deps.db.query('delete from http_idempotency');
    await deps.db.query('delete from append_idempotency');
    const late = await create(owner, 'draft-42');
    expect(late.status).toBe(201);
    expect((await late.json()).id).toBe(id);
    expect(await deps.db.query(`select stream_id from streams where stream_id like 'property-%'`)).toHaveLength(1);
  });

  it('keeps the same key of two owners apart, and finds the listing from another session of the same owner', async () => {
    const { app, deps } = await createTestApp(database());
    const ama = createClient(app);
    const { email, password } = await registerUser(ama, { userType: 'owner' });
    const kofi = createClient(app);
    await registerUser(kofi, { userType: 'owner' });
    const a = await (await create(ama, 'same-key')).json();
    const k = await (await create(kofi, 'same-key')).json();
    expect(a.id).not.toBe(k.id);
    // Ama signs in again on another phone (the outbox's retry after a 401): the key is hers still.
    const again = createClient(app);
    expect((await again.request('/api/auth/login', { method: 'POST', json: { email, password } })).status).toBe(200);
    const retry = await create(again, 'same-key');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await retry.json()).id).toBe(a.id);
    expect(await deps.db.query(`select stream_id from streams where stream_id like 'property-%'`)).toHaveLength(2);
  });
});
