import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../events/store/sql.ts';
import { freePort } from '../../testing/free-port.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/error-response.ts';
import { isDatabaseUnreachable } from './database-faults.ts';
import { createPostgresDatabase } from './postgres-database.ts';

/** A route that runs one statement, behind the app's one error handler. */
const appOn = (db: Database, statement: string) =>
  new Hono<AppEnv>().onError(errorResponse).get('/q', async (c) => c.json(await db.query(statement)));

async function timed(app: Hono<AppEnv>) {
  const started = performance.now();
  const res = await app.request('/q');
  return { res, ms: performance.now() - started, body: (await res.json()) as { code: string } };
}

describe('a database that cannot be reached answers 503 with Retry-After, never a 500 or a hang', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('no server on the port (PostgreSQL stopped): 503 database_unreachable, Retry-After: 1, within a second', async () => {
    const db = createPostgresDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/efie` });
    try {
      const { res, ms, body } = await timed(appOn(db, 'select 1'));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(body).toEqual({ error: expect.stringContaining('try again'), code: 'database_unreachable' });
      expect(ms).toBeLessThan(1_000);
    } finally {
      await db.close();
    }
  });

  it('the connection ended by the server mid-statement (a shutdown, 57P01): 503', async () => {
    const db = createPostgresDatabase({ url: test.url!, maxConnections: 1 });
    try {
      const { res, body } = await timed(appOn(db, 'select pg_terminate_backend(pg_backend_pid())'));
      expect(res.status).toBe(503);
      expect(body.code).toBe('database_unreachable');
      // The pool connects again by itself: a statement soon after is answered.
      await expect.poll(async () => (await timed(appOn(db, 'select 1 as one'))).res.status).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('a faulty statement on a healthy database stays a 500: only an outage is a 503', async () => {
    const db = createPostgresDatabase({ url: test.url! });
    try {
      const { res, body } = await timed(appOn(db, 'select * from no_such_table'));
      expect(res.status).toBe(500);
      expect(body.code).toBe('server_error');
    } finally {
      await db.close();
    }
  });

  it('tells connection faults from everything else', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '42P01' }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('no code'))).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
