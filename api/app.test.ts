import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../testing/use-test-database.ts';
import { createClient, createTestApp, TEST_ORIGIN } from '../testing/test-app.ts';

const database = useMigratedDatabase();

describe('HTTP skeleton', () => {
  it('answers GET /api/health with the database kind, event count and version', async () => {
    const { app, deps } = await createTestApp(database());
    await deps.store.append('thing-1', 'no_stream', [{ type: 'ThingCreated', data: {} }]);
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: database().kind,
      events: 1,
      version: deps.version,
      // Nothing has searched yet: the in-memory search index has not loaded.
      searchIndex: { loaded: false, listings: 0 },
      subscriptions: [],
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('answers an unknown /api path with a JSON 404 in the contract format, never HTML', async () => {
    const { app } = await createTestApp(database());
    const res = await app.request('/api/nope/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'No API route GET /api/nope/nothing', code: 'not_found' });
  });

  it('refuses a cross-site POST with 403', async () => {
    const { app } = await createTestApp(database());
    const res = await app.request('/api/anything', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'cross_site_request' });
    const same = await app.request('/api/anything', { method: 'POST', headers: { origin: TEST_ORIGIN } });
    expect(same.status).toBe(404);
  });

  it('refuses an over-long Idempotency-Key with 400', async () => {
    const { app } = await createTestApp(database());
    const res = await app.request('/api/anything', { method: 'POST', headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_idempotency_key' });
  });

  it('replays the first answer to a repeated Idempotency-Key and refuses the key for another request', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const first = await client.request('/api/health', { method: 'POST', headers: { 'idempotency-key': 'abc' } });
    expect(first.status).toBe(404);
    const again = await client.request('/api/health', { method: 'POST', headers: { 'idempotency-key': 'abc' } });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await client.request('/api/other', { method: 'POST', headers: { 'idempotency-key': 'abc' } });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});
