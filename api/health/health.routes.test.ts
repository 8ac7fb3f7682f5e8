import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../events/store/event-store.ts';
import { runSubscriptionBatch, type Subscription } from '../../events/store/subscriptions.ts';
import { drainSubscription, readAllSettled } from '../../testing/settled-read.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { Hono } from 'hono';
import type { Database } from '../../events/store/sql.ts';
import type { AppEnv } from '../http/app-env.ts';
import { silentLogger } from '../logger.ts';
import { healthRoutes, LAG_COUNT_CAP } from './health.routes.ts';

// Runs subscriptions over the global log: part of the `log` test project (vitest.config.ts).
const database = useMigratedDatabase();

type Health = {
  status: string;
  events: number;
  subscriptions: {
    name: string;
    checkpoint: { transactionId: string; globalPosition: number };
    eventsBehind: number;
    eventsBehindCapped: boolean;
    checkpointUpdatedAt: string;
  }[];
};

const collector = (name: string, types?: string[]): Subscription & { seen: RecordedEvent[] } => {
  const seen: RecordedEvent[] = [];
  return { name, ...(types ? { types } : {}), seen, handle: async (_tx, events) => void seen.push(...events) };
};

async function health(app: { request: (path: string) => Response | Promise<Response> }): Promise<Health> {
  const res = await app.request('/api/health');
  expect(res.status).toBe(200);
  return (await res.json()) as Health;
}

describe('GET /api/health: subscriber lag', () => {
  it("reports each subscription's checkpoint and how many events of the log lie beyond it", async () => {
    const { app, deps } = await createTestApp(database());
    for (let i = 0; i < 5; i++)
      await deps.store.append(`thing-${i}`, 'no_stream', [{ type: 'ThingCreated', data: { i } }]);
    const log = await readAllSettled(database(), 5);
    const mailer = collector('mailer');
    expect((await runSubscriptionBatch(database(), mailer, 3)).handled).toBe(3);

    const partway = await health(app);
    expect(partway.subscriptions).toEqual([
      {
        name: 'mailer',
        checkpoint: { transactionId: log[2]!.transactionId, globalPosition: log[2]!.globalPosition },
        eventsBehind: 2,
        eventsBehindCapped: false,
        checkpointUpdatedAt: expect.any(String),
      },
    ]);

    await drainSubscription(database(), mailer);
    await deps.store.append('thing-9', 'no_stream', [{ type: 'ThingCreated', data: {} }]);
    const after = await health(app);
    expect(after.subscriptions[0]).toMatchObject({
      checkpoint: { transactionId: log[4]!.transactionId, globalPosition: log[4]!.globalPosition },
      eventsBehind: 1,
    });
    expect(after.events).toBe(6);
  });

  it('shows a subscription that reads some types level with the log once it has looked at the others', async () => {
    const { app, deps } = await createTestApp(database());
    const types = ['Other', 'Other', 'Wanted', 'Other', 'Other'];
    for (const [i, type] of types.entries()) await deps.store.append(`mixed-${i}`, 'no_stream', [{ type, data: {} }]);
    const scanner = collector('scanner', ['Wanted']);
    await drainSubscription(database(), scanner);
    expect(scanner.seen.map((e) => e.type)).toEqual(['Wanted']);
    expect((await health(app)).subscriptions).toMatchObject([{ name: 'scanner', eventsBehind: 0 }]);

    // Only events it does not read arrive: it still passes them.
    for (let i = 0; i < 3; i++) await deps.store.append(`other-${i}`, 'no_stream', [{ type: 'Other', data: {} }]);
    expect((await health(app)).subscriptions).toMatchObject([{ name: 'scanner', eventsBehind: 3 }]);
    await drainSubscription(database(), scanner);
    expect(scanner.seen).toHaveLength(1);
    expect((await health(app)).subscriptions).toMatchObject([{ name: 'scanner', eventsBehind: 0 }]);
  });

  it(`counts at most ${LAG_COUNT_CAP} events behind and says there are more`, async () => {
    const { app, deps } = await createTestApp(database());
    const many = Array.from({ length: LAG_COUNT_CAP + 5 }, (_, i) => ({ type: 'Tick', data: { i } }));
    await deps.store.append('ticks', 'no_stream', many);
    await runSubscriptionBatch(database(), collector('slow'), 2);
    const { subscriptions } = await health(app);
    expect(subscriptions).toMatchObject([{ name: 'slow', eventsBehind: LAG_COUNT_CAP, eventsBehindCapped: true }]);
  });
});

describe('GET /api/health: a database that stops answering', () => {
  it('answers 503 with Retry-After within the bound, asks once for many callers, and recovers by itself', async () => {
    const { deps } = await createTestApp(database());
    let asked = 0;
    let answer: () => void = () => {};
    const answering = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The real database behind a gate: its statements wait until the gate opens, as when it has stopped.
    const stalled = Object.assign(Object.create(deps.db) as Database, {
      query: (...args: Parameters<Database['query']>) => {
        asked += 1;
        return answering.then(() => deps.db.query(...args));
      },
    });
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('log', silentLogger);
        await next();
      })
      .route(
        '/api/health',
        healthRoutes({ db: stalled, version: 'test', search: deps.search, config: { healthFreshMs: 0 } }, 200),
      );

    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.request('/api/health')));
    const waited = performance.now() - started;
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ error: 'The database is not reachable.', code: 'database_unreachable' });
    }
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited, 'bounded, not a hang').toBeLessThan(5_000);
    // Five callers, one statement: nothing piles onto a database that does not answer.
    expect(asked).toBe(1);

    answer();
    await expect.poll(async () => (await app.request('/api/health')).status).toBe(200);
  });
});

describe('GET /api/health under a load balancer’s probes', () => {
  it('reuses an answer for healthFreshMs, asking the database once; a failure is never reused', async () => {
    const { deps } = await createTestApp(database());
    let asked = 0;
    let failNext = false;
    const counted = Object.assign(Object.create(deps.db) as Database, {
      query: (...args: Parameters<Database['query']>) => {
        asked += 1;
        if (failNext) {
          failNext = false;
          return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
        }
        return deps.db.query(...args);
      },
    });
    const appWith = (healthFreshMs: number) =>
      new Hono<AppEnv>()
        .use(async (c, next) => {
          c.set('log', silentLogger);
          await next();
        })
        .route(
          '/api/health',
          healthRoutes({ db: counted, version: 'test', search: deps.search, config: { healthFreshMs } }),
        );

    const fresh = appWith(60_000);
    for (let i = 0; i < 3; i++) expect((await fresh.request('/api/health')).status).toBe(200);
    expect(asked, 'three probes within the window, one statement').toBe(1);

    const always = appWith(0);
    asked = 0;
    for (let i = 0; i < 3; i++) expect((await always.request('/api/health')).status).toBe(200);
    expect(asked).toBe(3);

    const afterFailure = appWith(60_000);
    asked = 0;
    failNext = true;
    expect((await afterFailure.request('/api/health')).status).toBe(503);
    expect((await afterFailure.request('/api/health')).status).toBe(200);
    expect(asked, 'the failure was not kept: the next probe asked again').toBe(2);
  });
});
