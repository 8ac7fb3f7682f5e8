import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore, type RecordedEvent } from './event-store.ts';
import { createEventDecoder, defineEvent, UnreadableEventError } from './event-type.ts';
import { createProjectionSet, type Projection } from './projections.ts';
import type { SqlClient } from './sql.ts';

const database = useMigratedDatabase();

// A small read model in the style the real ones follow: the row keeps its stream version.
const thingSummary: Projection = {
  name: 'thing-summary',
  tables: ['test_thing_summary'],
  handles: ['ThingCreated', 'ThingRenamed'],
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const e of events) {
      const name = (e.data as { name: string }).name;
      await tx.query(
        `insert into test_thing_summary (id, name, renames, version) values ($1, $2, 0, $3)
         on conflict (id) do update set name = excluded.name, renames = test_thing_summary.renames + 1, version = excluded.version
         where test_thing_summary.version < excluded.version`,
        [e.streamId, name, e.streamVersion],
      );
    }
  },
};

const createTable = (db: SqlClient) =>
  db.query('create table if not exists test_thing_summary (id text primary key, name text, renames int, version int)');
const rows = (db: SqlClient) => db.query('select * from test_thing_summary order by id');

describe('projections', () => {
  it('gives the same rows when every event is applied twice', async () => {
    const db = database();
    await createTable(db);
    const store = createEventStore(db);
    await store.append('t-1', 'no_stream', [
      { type: 'ThingCreated', data: { name: 'a' } },
      { type: 'ThingRenamed', data: { name: 'b' } },
    ]);
    await store.append('t-2', 'no_stream', [{ type: 'ThingCreated', data: { name: 'c' } }]);
    // Straight from the streams: readAll waits for the cluster-wide horizon, which this test need not.
    const events = [...(await store.readStream('t-1')), ...(await store.readStream('t-2'))];
    await db.transaction((tx) => thingSummary.apply(tx, events));
    const once = await rows(db);
    for (const e of events) {
      await db.transaction((tx) => thingSummary.apply(tx, [e]));
      await db.transaction((tx) => thingSummary.apply(tx, [e]));
    }
    expect(await rows(db)).toEqual(once);
    expect(once).toEqual([
      { id: 't-1', name: 'b', renames: 1, version: 2 },
      { id: 't-2', name: 'c', renames: 0, version: 1 },
    ]);
  });

  it('updates inline with the append and rebuilds to the same rows', async () => {
    const db = database();
    await createTable(db);
    const set = createProjectionSet([thingSummary]);
    const store = createEventStore(db, { project: set.applyInline });
    await store.append('t-1', 'no_stream', [{ type: 'ThingCreated', data: { name: 'a' } }]);
    await store.append('t-1', 1, [{ type: 'ThingRenamed', data: { name: 'z' } }]);
    const inline = await rows(db);
    expect(inline).toEqual([{ id: 't-1', name: 'z', renames: 1, version: 2 }]);
    await db.query(`update test_thing_summary set name = 'corrupted'`);
    expect(await set.rebuild(db)).toEqual({ events: 2 });
    expect(await rows(db)).toEqual(inline);
  });

  it('runs inline only the read models that read an appended type, each handed only its own events', async () => {
    const db = database();
    await createTable(db);
    await db.query('create table if not exists test_archived (id text primary key)');
    const archivedBatches: string[][] = [];
    const archived: Projection = {
      name: 'archived',
      tables: ['test_archived'],
      handles: ['ThingArchived'],
      async apply(tx, events) {
        archivedBatches.push(events.map((e) => e.type));
        for (const e of events) await tx.query('insert into test_archived (id) values ($1)', [e.streamId]);
      },
    };
    const set = createProjectionSet([thingSummary, archived]);
    // As api/runtime.ts wires it: an append no read model reads needs no transaction.
    const store = createEventStore(db, { project: set.applyInline, projectsAny: set.handlesAny });
    await store.append('t-1', 'no_stream', [{ type: 'ThingCreated', data: { name: 'a' } }]);
    await store.append('t-1', 1, [
      { type: 'ThingNoted', data: {} },
      { type: 'ThingArchived', data: {} },
    ]);
    expect(await rows(db)).toEqual([{ id: 't-1', name: 'a', renames: 0, version: 1 }]);
    expect(await db.query('select id from test_archived')).toEqual([{ id: 't-1' }]);
    expect(archivedBatches).toEqual([['ThingArchived']]);
    expect([set.handlesAny(['ThingNoted']), set.handlesAny(['ThingNoted', 'ThingRenamed'])]).toEqual([false, true]);
  });

  it('rebuilds every table of the set, running each onRebuild on the emptied tables and what it answers after the replay', async () => {
    const db = database();
    await createTable(db);
    await db.query('create table if not exists test_archived (id text primary key)');
    const steps: string[] = [];
    const archivedCount = async (tx: SqlClient) =>
      (await tx.query<{ n: number }>('select count(*)::int8 as n from test_archived'))[0]!.n;
    const archived: Projection = {
      name: 'archived',
      tables: ['test_archived'],
      handles: ['ThingArchived'],
      async apply(tx, events) {
        steps.push('apply');
        for (const e of events) await tx.query('insert into test_archived (id) values ($1)', [e.streamId]);
      },
      async onRebuild(tx) {
        steps.push(`onRebuild on ${await archivedCount(tx)} rows`);
        return async () => void steps.push(`after the replay, ${await archivedCount(tx)} rows`);
      },
    };
    const set = createProjectionSet([thingSummary, archived]);
    const store = createEventStore(db, { project: set.applyInline, projectsAny: set.handlesAny });
    await store.append('t-1', 'no_stream', [{ type: 'ThingCreated', data: { name: 'a' } }]);
    await store.append('t-2', 'no_stream', [{ type: 'ThingArchived', data: {} }]);
    await db.query(`insert into test_archived (id) values ('stray')`);
    steps.length = 0;

    expect(await set.rebuild(db)).toEqual({ events: 2 });
    expect(steps).toEqual(['onRebuild on 0 rows', 'apply', 'after the replay, 1 rows']);
    expect(await db.query('select id from test_archived')).toEqual([{ id: 't-2' }]);
    expect(await rows(db)).toEqual([{ id: 't-1', name: 'a', renames: 0, version: 1 }]);
    // A set with no tables of its own replays all the same.
    expect(await createProjectionSet([]).rebuild(db)).toEqual({ events: 2 });
  });

  it('refuses two read models under one name, which a rebuild could not tell apart', () => {
    expect(() => createProjectionSet([thingSummary, { ...thingSummary, tables: ['other_table'] }])).toThrow(
      'projection thing-summary is registered twice',
    );
    expect(createProjectionSet([thingSummary, { ...thingSummary, name: 'thing-copy' }]).projections).toHaveLength(2);
  });
});

describe('versioned event types', () => {
  const Renamed = defineEvent('ThingRenamed', v.object({ firstName: v.string(), lastName: v.string() }), {
    version: 2,
    upcasters: {
      1: (old) => {
        const [firstName = '', ...rest] = (old as { name: string }).name.split(' ');
        return { firstName, lastName: rest.join(' ') };
      },
    },
  });
  const decode = createEventDecoder([Renamed]);

  it('reads an old version through its upcaster and the current one as it is', () => {
    expect(decode({ type: 'ThingRenamed', schemaVersion: 1, data: { name: 'Ama Mensah' } })).toEqual({
      type: 'ThingRenamed',
      data: { firstName: 'Ama', lastName: 'Mensah' },
    });
    expect(Renamed.create({ firstName: 'Kofi', lastName: 'Boateng' }).schemaVersion).toBe(2);
  });

  it('refuses unknown types and data that does not match the schema', () => {
    expect(() => decode({ type: 'Nope', schemaVersion: 1, data: {} })).toThrow('unknown event type Nope');
    expect(() => decode({ type: 'ThingRenamed', schemaVersion: 2, data: { firstName: 1 } })).toThrow(/ThingRenamed v2/);
  });

  it('refuses a stored version that no upcaster leads on from, naming the missing step', () => {
    const Moved = defineEvent('ThingMoved', v.object({ town: v.string() }), {
      version: 3,
      upcasters: { 2: (old) => ({ town: (old as { city: string }).city }) },
    });
    const decodeMoved = createEventDecoder([Moved]);
    expect(Moved.create({ town: 'Accra' })).toEqual({ type: 'ThingMoved', data: { town: 'Accra' }, schemaVersion: 3 });
    expect(decodeMoved({ type: 'ThingMoved', schemaVersion: 2, data: { city: 'Kumasi' } })).toEqual({
      type: 'ThingMoved',
      data: { town: 'Kumasi' },
    });
    expect(() => decodeMoved({ type: 'ThingMoved', schemaVersion: 1, data: { place: 'Tamale' } })).toThrow(
      new UnreadableEventError('no upcaster for ThingMoved v1'),
    );
  });
});
