import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/error-response.ts';
import { registerUser } from '../../testing/accounts.ts';
import { listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { idempotencyKeys } from './idempotency.ts';

const database = useMigratedDatabase();

describe('a claim on an Idempotency-Key whose request never answered', () => {
  it('is taken over within seconds when the server that made it was killed, and finds the first listing', async () => {
    const { app, deps } = await createTestApp(database());
    const owner = createClient(app);
    await registerUser(owner, { userType: 'owner' });
    const create = () =>
      owner.request('/api/properties', {
        method: 'POST',
        json: listingBody(),
        headers: { 'idempotency-key': 'killed-1' },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const { id } = await first.json();
    // What a SIGKILL after the append leaves: the listing's events, and a claim without an answer
    // that nobody has renewed since the process died 11 seconds ago.
    await deps.db.query(
      `update http_idempotency set status = null, body = null, created_at = now() - interval '11 seconds'`,
    );
    const retry = await create();
    expect(retry.status).toBe(201);
    expect((await retry.json()).id).toBe(id);
    expect(await deps.db.query(`select stream_id from streams where stream_id like 'property-%'`)).toHaveLength(1);
  });

  it('stays with a slow request that is still running: a retry waits, and then gets its answer', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const app = new Hono<AppEnv>();
    app.onError(errorResponse);
    app.use('*', idempotencyKeys(database()));
    app.post('/slow', async (c) => {
      runs++;
      await gate;
      return c.json({ run: runs });
    });
    const send = () => app.request('/slow', { method: 'POST', headers: { 'idempotency-key': 'slow-1' } });

    const first = send();
    await vi.waitFor(async () => expect(await database().query('select 1 from http_idempotency')).toHaveLength(1));
    // As if the claim were old: only the running request's renewal keeps a retry from taking it over.
    await database().query(`update http_idempotency set created_at = now() - interval '1 minute'`);
    await vi.waitFor(
      async () =>
        expect(
          await database().query(`select 1 from http_idempotency where created_at > now() - interval '5 seconds'`),
        ).toHaveLength(1),
      { timeout: 15_000, interval: 100 },
    );
    const waiting = await send();
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toMatchObject({ code: 'request_in_progress' });
    expect(waiting.headers.get('retry-after')).toBe('1');

    release();
    expect(await (await first).json()).toEqual({ run: 1 });
    const after = await send();
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await after.json()).toEqual({ run: 1 });
    expect(runs).toBe(1);
  });

  it('is taken over by one of two retries arriving together; the other is told to wait', async () => {
    const db = database();
    let runs = 0;
    let release = () => {};
    let gate: Promise<void> = Promise.resolve();
    const app = new Hono<AppEnv>();
    app.onError(errorResponse);
    app.use('*', idempotencyKeys(db));
    app.post('/once', async (c) => {
      const run = ++runs;
      await gate;
      return c.json({ run });
    });
    await db.query(
      `insert into http_idempotency (caller, idempotency_key, request_hash, created_at) values ('anonymous', 'orphan', $1, now() - interval '1 minute')`,
      [await requestHashOf(app)],
    );
    runs = 0;
    // The retry that takes the claim over is held in its handler: the other cannot find an answer
    // to replay, so it must be told to wait (a second takeover would run the handler again).
    gate = new Promise<void>((resolve) => (release = resolve));
    const statuses: number[] = [];
    const answers = [1, 2].map(async () => {
      const answer = await app.request('/once', { method: 'POST', headers: { 'idempotency-key': 'orphan' } });
      statuses.push(answer.status);
      return answer;
    });
    await vi.waitFor(() => expect(statuses).toEqual([409]), { timeout: 15_000, interval: 20 });
    expect(runs).toBe(1);
    release();
    expect((await Promise.all(answers)).map((a) => a.status).sort()).toEqual([200, 409]);
    expect(runs).toBe(1);
  });
});

/** The request hash the middleware stores for POST /once with no body, read back from a throwaway key. */
async function requestHashOf(app: Hono<AppEnv>): Promise<string> {
  await app.request('/once', { method: 'POST', headers: { 'idempotency-key': 'probe' } });
  const [row] = await database().query<{ request_hash: string }>(
    `select request_hash from http_idempotency where idempotency_key = 'probe'`,
  );
  return row!.request_hash;
}
