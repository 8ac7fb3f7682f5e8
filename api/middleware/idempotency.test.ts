import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../events/store/sql.ts';
import type { Property } from '../contract/properties.schema.ts';
import { migrate } from '../db/migrate.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/error-response.ts';
import { MIGRATIONS_DIR } from '../runtime.ts';
import { registerUser } from '../../testing/accounts.ts';
import { expectError } from '../../testing/errors.ts';
import { listingBody } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { idempotencyKeys, pruneIdempotencyKeys } from './idempotency.ts';

const database = useMigratedDatabase();

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * The real middleware in front of one route whose handler the test controls
 * (the Hono way: a tiny app per test). `runs` counts the handler's runs.
 */
function tinyApp(db: Database, handler: (c: Context<AppEnv>, run: number) => Response | Promise<Response>) {
  const app = new Hono<AppEnv>();
  app.onError(errorResponse);
  app.use('*', idempotencyKeys(db));
  const state = { runs: 0 };
  app.post('/things', (c) => handler(c, ++state.runs));
  const send = async (key: string, body = '{"name":"thing"}'): Promise<Response> =>
    app.request('/things', {
      method: 'POST',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      body,
    });
  return { send, state };
}

const setCreatedAt = (db: Database, key: string, interval: string) =>
  db.query(`update http_idempotency set created_at = now() - $2::interval where idempotency_key = $1`, [key, interval]);

describe('Idempotency-Key', () => {
  it('answers 409 request_in_progress to a repeat that arrives while the first is still running, then replays the first answer', async () => {
    const entered = gate();
    const release = gate();
    const { send, state } = tinyApp(database(), async (c, run) => {
      entered.open();
      await release.opened;
      return c.json({ run }, 201);
    });
    const first = send('k1');
    await entered.opened;
    const second = await send('k1');
    expect(second.headers.get('retry-after')).toBe('1');
    await expectError(second, 409, 'request_in_progress');
    release.open();
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(await answered.json()).toEqual({ run: 1 });
    const replay = await send('k1');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ run: 1 });
    expect(state.runs).toBe(1);
  });

  it('takes a key of 1 to 200 characters and refuses an empty or 201-character one with 400, running and recording nothing', async () => {
    const db = database();
    const { send, state } = tinyApp(db, (c, run) => c.json({ run }, 201));
    // The shortest key allowed is a real key: its repeat is replayed, not run again.
    const one = await send('a');
    expect(one.status).toBe(201);
    expect(await one.json()).toEqual({ run: 1 });
    const oneAgain = await send('a');
    expect(oneAgain.status).toBe(201);
    expect(oneAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await oneAgain.json()).toEqual({ run: 1 });
    expect((await send('k'.repeat(200))).status).toBe(201);
    expect(state.runs).toBe(2);
    const recorded = async () =>
      (
        await db.query<{ idempotency_key: string }>(
          'select idempotency_key from http_idempotency order by idempotency_key',
        )
      ).map((r) => r.idempotency_key);
    const before = await recorded();
    expect(before).toEqual(expect.arrayContaining(['a', 'k'.repeat(200)]));
    for (const key of ['', 'k'.repeat(201)]) {
      const refused = await send(key);
      await expectError(refused, 400, 'invalid_idempotency_key');
    }
    expect(state.runs).toBe(2);
    expect(await recorded()).toEqual(before);
  });

  it('keeps one signed-in user’s key apart from another’s: the same key gives each their own listing', async () => {
    const { app } = await createTestApp(database());
    const [ama, kofi] = [createClient(app), createClient(app)];
    await registerUser(ama, { userType: 'owner', firstName: 'Ama' });
    await registerUser(kofi, { userType: 'owner', firstName: 'Kofi' });
    const create = (client: typeof ama, title: string) =>
      client.request('/api/properties', {
        method: 'POST',
        json: listingBody({ title }),
        headers: { 'idempotency-key': 'same-key' },
      });
    const first = await create(ama, 'Ama’s flat');
    const second = await create(kofi, 'Kofi’s flat');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const [a, k] = [(await first.json()) as Property, (await second.json()) as Property];
    expect(a.id).not.toBe(k.id);
    expect([a.title, a.ownerFirstName, k.title, k.ownerFirstName]).toEqual([
      'Ama’s flat',
      'Ama',
      'Kofi’s flat',
      'Kofi',
    ]);
    // Each one's repeat replays their own answer.
    const again = await create(kofi, 'Kofi’s flat');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Property).id).toBe(k.id);
  });

  it.each([
    ['returned', (c: Context<AppEnv>) => c.json({ error: 'Gateway down', code: 'server_error' }, 503)],
    [
      'thrown',
      () => {
        throw new Error('the database went away');
      },
    ],
  ])('keeps no 5xx answer (%s): a retry with the key runs the request again', async (_name, fail) => {
    const { send, state } = tinyApp(database(), (c, run) => (run === 1 ? fail(c) : c.json({ run }, 201)));
    const failed = await send('k5');
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.headers.get('idempotent-replayed')).toBeNull();
    expect(await database().query('select 1 from http_idempotency where idempotency_key = $1', ['k5'])).toEqual([]);
    const retried = await send('k5');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await retried.json()).toEqual({ run: 2 });
    expect(state.runs).toBe(2);
  });

  it('lets a retry take over a claim nobody renewed for 10 s (a server that died mid-request), not before', async () => {
    const { send, state } = tinyApp(database(), (c, run) => c.json({ run }, 201));
    expect((await send('probe')).status).toBe(201);
    const [probe] = await database().query<{ request_hash: string }>(
      `select request_hash from http_idempotency where idempotency_key = 'probe'`,
    );
    // What a killed server leaves: a claim taken, never answered, no longer renewed.
    await database().query(
      `insert into http_idempotency (caller, idempotency_key, request_hash, created_at) values ('anonymous', 'k-crash', $1, now() - interval '9 seconds')`,
      [probe!.request_hash],
    );
    await expectError(await send('k-crash'), 409, 'request_in_progress');
    await setCreatedAt(database(), 'k-crash', '11 seconds');
    const takenOver = await send('k-crash');
    expect(takenOver.status).toBe(201);
    expect(await takenOver.json()).toEqual({ run: 2 });
    expect(state.runs).toBe(2);
    const replay = await send('k-crash');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({ run: 2 });
  });

  it('forgets answers older than 25 hours when pruned, and keeps a day-old one', async () => {
    const { send, state } = tinyApp(database(), (c, run) => c.json({ run }, 201));
    expect(await (await send('k-old')).json()).toEqual({ run: 1 });
    expect(await (await send('k-day')).json()).toEqual({ run: 2 });
    await setCreatedAt(database(), 'k-old', '25 hours 1 minute');
    await setCreatedAt(database(), 'k-day', '24 hours');
    await pruneIdempotencyKeys(database());
    const old = await send('k-old');
    expect(old.headers.get('idempotent-replayed')).toBeNull();
    expect(await old.json()).toEqual({ run: 3 });
    const day = await send('k-day');
    expect(day.headers.get('idempotent-replayed')).toBe('true');
    expect(await day.json()).toEqual({ run: 2 });
    expect(state.runs).toBe(3);
  });

  it('forgets the event store’s append keys after 30 days, and keeps a 29-day-old one', async () => {
    const db = database();
    for (const [key, age] of [
      ['append-old', '30 days 1 minute'],
      ['append-recent', '29 days'],
    ] as const) {
      await db.query(
        `insert into append_idempotency (idempotency_key, stream_id, request_hash, created_at) values ($1, 's', 'h', now() - $2::interval)`,
        [key, age],
      );
    }
    await pruneIdempotencyKeys(db);
    const kept = await db.query<{ idempotency_key: string }>(
      `select idempotency_key from append_idempotency where idempotency_key like 'append-%' order by idempotency_key`,
    );
    expect(kept).toEqual([{ idempotency_key: 'append-recent' }]);
  });
});

// Always on the real server: there, the claims race on separate connections.
describe('Idempotency-Key on a streamed upload path', () => {
  it('fingerprints the request by its length and media type, not its body or multipart boundary, and leaves the body to the handler', async () => {
    const app = new Hono<AppEnv>();
    app.onError(errorResponse);
    app.use('*', idempotencyKeys(database(), { streamedBodyPaths: ['/uploads/'] }));
    const state = { runs: 0, bodies: [] as string[] };
    app.post('/uploads/:id', async (c) => {
      state.runs += 1;
      state.bodies.push(await c.req.text());
      return c.json({ run: state.runs }, 201);
    });
    const send = (body: string, type: string) =>
      // As an HTTP client sends it: with its length (app.request does not add one).
      app.request('/uploads/1', {
        method: 'POST',
        headers: { 'idempotency-key': 'streamed-1', 'content-type': type, 'content-length': String(body.length) },
        body,
      });

    const first = await send('abc', 'multipart/form-data; boundary=one');
    expect(first.status).toBe(201);
    expect(state.bodies).toEqual(['abc']);
    // Another boundary and other bytes of the same length: the same request sent again (a body is never read to hash it).
    const again = await send('xyz', 'multipart/form-data; boundary=two');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual({ run: 1 });
    // Another length, or another media type: another request under the same key.
    await expectError(await send('abcd', 'multipart/form-data; boundary=one'), 409, 'idempotency_key_reused');
    await expectError(await send('abc', 'application/json'), 409, 'idempotency_key_reused');
    expect(state.runs).toBe(1);
  });
});

describe('Idempotency-Key under real concurrency (PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createPostgresTestDatabase();
    await migrate(t.db, MIGRATIONS_DIR);
  });
  afterAll(() => t.drop());

  it('runs the handler once for eight simultaneous requests with one key; the other seven get 409', async () => {
    const release = gate();
    const { send, state } = tinyApp(t.db, async (c, run) => {
      await release.opened;
      return c.json({ run }, 201);
    });
    let answered = 0;
    const all = Array.from({ length: 8 }, () =>
      send('k-race').then((res) => {
        // The handler holds its answer until every other request has had its own.
        if (++answered === 7) release.open();
        return res;
      }),
    );
    const statuses = (await Promise.all(all)).map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(state.runs).toBe(1);
  });
});
