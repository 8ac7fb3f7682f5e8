import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '../../testing/test-database.ts';
import { readAllSettled } from '../../testing/settled-read.ts';
import { createMigratedPostgresTestDatabase, useMigratedDatabase } from '../../testing/use-test-database.ts';
import { checkpointOf, createEventStore, START, type RecordedEvent } from './event-store.ts';
import type { SqlClient } from './sql.ts';
import { logStatus, runSubscriptionBatch, startSubscription, type Subscription } from './subscriptions.ts';

describe('subscriptions', () => {
  const database = useMigratedDatabase();

  it('rolls back a failed batch with its checkpoint and handles it again, none lost, none twice', async () => {
    const db = database();
    const store = createEventStore(db);
    for (let i = 0; i < 6; i++) await store.append(`s-${i}`, 'no_stream', [{ type: 'Tick', data: { i } }]);
    await db.query('create table if not exists effects (event_id uuid not null)');
    await readAllSettled(db, 6);
    let failOnce = true;
    const sub = {
      name: 'effects',
      async handle(tx: SqlClient, events: RecordedEvent[]) {
        for (const e of events) {
          await tx.query('insert into effects (event_id) values ($1)', [e.eventId]);
          if (failOnce && e.data && (e.data as { i: number }).i === 4) {
            failOnce = false;
            throw new Error('crashed mid-batch');
          }
        }
      },
    };
    expect((await runSubscriptionBatch(db, sub, 3)).handled).toBe(3);
    await expect(runSubscriptionBatch(db, sub, 3)).rejects.toThrow('crashed mid-batch');
    expect((await runSubscriptionBatch(db, sub, 3)).handled).toBe(3);
    expect((await runSubscriptionBatch(db, sub, 3)).handled).toBe(0);
    const rows = await db.query<{ n: number; d: number }>(
      'select count(*)::int8 as n, count(distinct event_id)::int8 as d from effects',
    );
    expect(rows[0]).toEqual({ n: 6, d: 6 });
  });

  it('does not call the handler when there is nothing new to read', async () => {
    const db = database();
    const batches: RecordedEvent[][] = [];
    const sub = { name: 'idle', handle: async (_tx: SqlClient, events: RecordedEvent[]) => void batches.push(events) };
    expect(await runSubscriptionBatch(db, sub)).toEqual({ handled: 0, busy: false });
    await createEventStore(db).append('idle-1', 'no_stream', [{ type: 'Tick', data: {} }]);
    await readAllSettled(db, 1);
    expect(await runSubscriptionBatch(db, sub)).toEqual({ handled: 1, busy: false });
    expect(await runSubscriptionBatch(db, sub)).toEqual({ handled: 0, busy: false });
    expect(batches.map((events) => events.length)).toEqual([1]);
  });
});

describe('logStatus', () => {
  const database = useMigratedDatabase();

  it('answers an empty log with no subscriptions', async () => {
    expect(await logStatus(database())).toEqual({ lastPosition: 0, subscriptions: [] });
  });

  it("tells the log's end and how far behind it each subscription stands, counting up to the cap", async () => {
    const db = database();
    const store = createEventStore(db);
    for (let i = 0; i < 3; i++) await store.append(`status-${i}`, 'no_stream', [{ type: 'Tick', data: { i } }]);
    const all = await readAllSettled(db, 3);
    const handledByRare: RecordedEvent[][] = [];
    const run = (sub: Partial<Subscription> & { name: string }, batchSize = 10) =>
      runSubscriptionBatch(db, { handle: async () => {}, ...sub }, batchSize);
    await run({ name: 'caught-up' });
    await run({ name: 'one-in' }, 1);
    // Its first batch fails: its checkpoint row is there, still at the start of the log.
    const failing = run({
      name: 'failing',
      handle: async () => {
        throw new Error('handler down');
      },
    });
    await expect(failing).rejects.toThrow('handler down');
    // Reads a type the log does not hold: its checkpoint moves past the others' events all the same.
    await run({ name: 'rare', types: ['Rare'], handle: async (_tx, events) => void handledByRare.push(events) });
    expect(handledByRare).toEqual([]);

    const status = await logStatus(db, 2);
    expect(status.lastPosition).toBe(all[2]!.globalPosition);
    const at = (name: string) => status.subscriptions.find((s) => s.name === name);
    expect(status.subscriptions.map((s) => s.name)).toEqual(['caught-up', 'failing', 'one-in', 'rare']);
    expect(at('caught-up')).toEqual({
      name: 'caught-up',
      checkpoint: checkpointOf(all[2]!),
      eventsBehind: 0,
      eventsBehindCapped: false,
      updatedAt: expect.any(Date),
    });
    expect(at('one-in')).toMatchObject({
      checkpoint: checkpointOf(all[0]!),
      eventsBehind: 2,
      eventsBehindCapped: false,
    });
    expect(at('failing')).toMatchObject({ checkpoint: START, eventsBehind: 2, eventsBehindCapped: true });
    const rare = at('rare')!;
    expect([rare.eventsBehind, rare.checkpoint.globalPosition]).toEqual([0, 0]);
    expect(BigInt(rare.checkpoint.transactionId)).toBeGreaterThan(BigInt(all[2]!.transactionId));

    // Under the default cap, the count is exact.
    expect((await logStatus(db)).subscriptions.find((s) => s.name === 'failing')).toMatchObject({
      eventsBehind: 3,
      eventsBehindCapped: false,
    });
  });

  it('leaves a type-filtered checkpoint row alone when there are no events to pass, writing nothing per poll', async () => {
    const db = database();
    const sub = { name: 'quiet', types: ['Rare'], handle: async () => {} };
    const quiet = async () => (await logStatus(db)).subscriptions.find((s) => s.name === 'quiet');
    expect(await runSubscriptionBatch(db, sub)).toEqual({ handled: 0, busy: false });
    const first = await quiet();
    expect(first?.checkpoint).toEqual(START);
    await runSubscriptionBatch(db, sub);
    expect(await quiet()).toEqual(first);
  });
});

describe('startSubscription', () => {
  const database = useMigratedDatabase();

  it('polls batch after batch until every event is handled once, survives a failing batch, and stops when asked: an event appended after stop() is left to a batch run by hand', async () => {
    const db = database();
    const store = createEventStore(db);
    for (let i = 0; i < 5; i++) await store.append(`poll-${i}`, 'no_stream', [{ type: 'Tick', data: { i } }]);
    await readAllSettled(db, 5);
    const handled: number[] = [];
    const errors: unknown[] = [];
    let failOnce = true;
    const running = startSubscription(
      db,
      {
        name: 'polling',
        async handle(_tx: SqlClient, events: RecordedEvent[]) {
          if (failOnce) {
            failOnce = false;
            throw new Error('first batch fails');
          }
          handled.push(...events.map((e) => (e.data as { i: number }).i));
        },
      },
      { pollMs: 10, batchSize: 2, onError: (error) => errors.push(error) },
    );
    await vi.waitFor(() => expect(handled).toEqual([0, 1, 2, 3, 4]), { timeout: 20_000, interval: 10 });
    expect(errors).toEqual([new Error('first batch fails')]);
    await running.stop();
    expect(handled).toEqual([0, 1, 2, 3, 4]);

    // An event appended after stop() is left to whoever runs the next batch: here one batch run by hand
    // under the same name takes it from the checkpoint the poller left, and the stopped poller never sees it.
    await store.append('poll-5', 'no_stream', [{ type: 'Tick', data: { i: 5 } }]);
    await readAllSettled(db, 6);
    const byHand: number[] = [];
    const manual = {
      name: 'polling',
      async handle(_tx: SqlClient, events: RecordedEvent[]) {
        byHand.push(...events.map((e) => (e.data as { i: number }).i));
      },
    };
    expect(await runSubscriptionBatch(db, manual, 2)).toEqual({ handled: 1, busy: false });
    expect(byHand).toEqual([5]);
    expect(handled).toEqual([0, 1, 2, 3, 4]);
    expect(errors).toHaveLength(1);
  });

  it('reads batch after batch at once while they come back full, waiting pollMs only once the log is drained', async () => {
    const db = database();
    const store = createEventStore(db);
    for (let i = 0; i < 5; i++) await store.append(`eager-${i}`, 'no_stream', [{ type: 'Tick', data: { i } }]);
    await readAllSettled(db, 5);
    const handled: number[] = [];
    const errors: unknown[] = [];
    const running = startSubscription(
      db,
      {
        name: 'eager',
        async handle(_tx: SqlClient, events: RecordedEvent[]) {
          handled.push(...events.map((e) => (e.data as { i: number }).i));
        },
      },
      // Far longer than the wait below: every batch after the first is read without a pause.
      { pollMs: 600_000, batchSize: 2, onError: (error) => errors.push(error) },
    );
    await vi.waitFor(() => expect(handled).toEqual([0, 1, 2, 3, 4]), { timeout: 10_000, interval: 10 });
    await running.stop();
    expect(errors).toEqual([]);
  });

  it("logs a failing batch with the subscription's name when no onError is given, and goes on polling", async () => {
    const db = database();
    await createEventStore(db).append('noisy-1', 'no_stream', [{ type: 'Tick', data: {} }]);
    await readAllSettled(db, 1);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failure = new Error('handler down');
      const running = startSubscription(
        db,
        {
          name: 'noisy',
          async handle() {
            throw failure;
          },
        },
        { pollMs: 10 },
      );
      await vi.waitFor(() => expect(logged.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      await running.stop();
      expect(logged.mock.calls[0]).toEqual(['subscription noisy:', failure]);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('a subscription process killed mid-way (real PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createMigratedPostgresTestDatabase();
  });
  afterAll(() => t.drop());

  const startWorker = (env: Record<string, string> = {}) =>
    spawn(process.execPath, ['--import', 'tsx', 'testing/subscription-worker.ts'], {
      env: { ...process.env, DATABASE_URL: t.url, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const said = (child: ChildProcess, line: string) =>
    new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.split('\n').includes(line)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before saying ${line}`)));
    });
  const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
  const count = async () =>
    (
      await t.db.query<{ n: number; d: number }>(
        `select count(*)::int8 as n, count(distinct event_id)::int8 as d from handled_by_worker`,
      )
    )[0]!;

  it('resumes where it stopped after SIGKILL: every event handled exactly once', async () => {
    const store = createEventStore(t.db);
    const TOTAL = 300;
    for (let i = 0; i < TOTAL; i++) await store.append(`k-${i % 30}`, 'any', [{ type: 'Tick', data: { i } }]);
    await t.db.query(
      'create table if not exists handled_by_worker (event_id uuid not null, at timestamptz default now())',
    );

    // Batches of 10: six commit, the seventh stops after writing 5 of its rows, and is killed there.
    const first = startWorker({ HANG_AFTER: '65' });
    await said(first, 'hanging');
    first.kill('SIGKILL');
    await exited(first);
    // Its unfinished batch never commits: its rows and its checkpoint move roll back together.
    expect(await count()).toEqual({ n: 60, d: 60 });

    const second = startWorker();
    await vi.waitFor(async () => expect((await count()).n).toBeGreaterThanOrEqual(TOTAL), {
      timeout: 60_000,
      interval: 50,
    });
    second.kill('SIGTERM');
    await exited(second);
    expect(await count()).toEqual({ n: TOTAL, d: TOTAL });
  });
});
