import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events/store/errors.ts';
import { createEventStore } from '../../events/store/event-store.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { renameAggregate } from '../../testing/rename-aggregate.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { commandTarget, readState, requestOrigin, runCommand, systemOrigin } from './run-command.ts';

const database = useMigratedDatabase();

const nameTaken = () => new DomainError('conflict', 'name_taken', 'Someone else has this name.');
const accounts = commandTarget(renameAggregate, {
  streamId: (id) => `account-${id}`,
  uniqueIndexes: { names_unique: nameTaken },
});

describe('runCommand', () => {
  it("records the signed-in user as the actor, null when nobody is signed in, and a job's name outside requests", async () => {
    const store = createEventStore(database());
    await runCommand(store, requestOrigin({ user: { id: 'u-1' }, requestId: 'r-1' }), accounts, 'a', {
      type: 'Rename',
      name: 'Ama',
    });
    await runCommand(store, requestOrigin({ user: null, requestId: 'r-2' }), accounts, 'a', {
      type: 'Rename',
      name: 'Kofi',
    });
    await runCommand(store, systemOrigin('system:test'), accounts, 'a', { type: 'Rename', name: 'Yaw' });
    expect((await store.readStream('account-a')).map((e) => e.metadata)).toEqual([
      { actorId: 'u-1', requestId: 'r-1' },
      { actorId: null, requestId: 'r-2' },
      { actorId: 'system:test' },
    ]);
  });

  it('keys each stream a request changes apart (key#stream), so a repeat of the request replays each once', async () => {
    const store = createEventStore(database());
    const origin = requestOrigin({
      user: { id: 'u-1' },
      requestId: 'r-1',
      idempotency: { key: 'user:u-1:k-1', requestHash: 'h' },
    });
    const run = async () => [
      await runCommand(store, origin, accounts, 'a', { type: 'Rename', name: 'Ama' }),
      await runCommand(store, origin, accounts, 'b', { type: 'Rename', name: 'Ama' }),
    ];
    const first = await run();
    // Decided again, both would be refused (the same name): the keys answer first.
    const again = await run();
    expect(first.map((r) => [r.replayed, r.events.length])).toEqual([
      [false, 1],
      [false, 1],
    ]);
    expect(again.map((r) => [r.replayed, r.events.length, r.eventIds])).toEqual(
      first.map((r) => [true, 0, r.eventIds]),
    );
    const keys = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.metadata.idempotencyKey);
    expect([await keys('account-a'), await keys('account-b')]).toEqual([
      ['user:u-1:k-1#account-a'],
      ['user:u-1:k-1#account-b'],
    ]);
  });

  it("answers a lost race on a read model's unique index with the target's refusal, found by the index's name", async () => {
    const db = database();
    const store = createEventStore(db);
    await db.execute(`
      create table names (name text not null, owner text not null);
      create unique index names_unique on names (name);
      create unique index owners_unique on names (owner);`);
    await db.query(`insert into names values ('Esi', 'x')`);
    // What an inline projection does in the append's transaction: the winner of the race holds the name.
    const claim = (owner: string) => async (tx: SqlClient, events: { data: { name: string } }[]) => {
      for (const e of events) await tx.query('insert into names values ($1, $2)', [e.data.name, owner]);
    };
    await expect(
      runCommand(
        store,
        systemOrigin('test'),
        accounts,
        'a',
        { type: 'Rename', name: 'Esi' },
        { alongside: claim('a') },
      ),
    ).rejects.toMatchObject({
      code: 'name_taken',
      kind: 'conflict',
    });
    // An index the target names no refusal for is not a refusal: the database's error goes on as it is.
    await expect(
      runCommand(
        store,
        systemOrigin('test'),
        accounts,
        'b',
        { type: 'Rename', name: 'Abena' },
        { alongside: claim('x') },
      ),
    ).rejects.toMatchObject({
      code: '23505',
    });
    expect([await store.streamVersion('account-a'), await store.streamVersion('account-b')]).toEqual([0, 0]);
  });

  it("runs the target's settled hook after every command, refused or not", async () => {
    const store = createEventStore(database());
    let settled = 0;
    const counted = commandTarget(renameAggregate, {
      streamId: (id) => `account-${id}`,
      settled: () => void settled++,
    });
    await runCommand(store, systemOrigin('test'), counted, 'a', { type: 'Rename', name: 'Ama' });
    expect(settled).toBe(1);
    await expect(
      runCommand(store, systemOrigin('test'), counted, 'a', { type: 'Rename', name: 'Ama' }),
    ).rejects.toMatchObject({ code: 'same_name' });
    expect(settled).toBe(2);
  });

  it('leaves the settled hook to the caller that passes its transaction: before the commit, what it announces is not there yet', async () => {
    const db = database();
    const store = createEventStore(db);
    let settled = 0;
    const counted = commandTarget(renameAggregate, {
      streamId: (id) => `account-${id}`,
      settled: () => void settled++,
    });
    await db.transaction(async (tx) => {
      await runCommand(store, systemOrigin('test'), counted, 'a', { type: 'Rename', name: 'Ama' }, { tx });
      await expect(
        runCommand(store, systemOrigin('test'), counted, 'a', { type: 'Rename', name: 'Ama' }, { tx }),
      ).rejects.toMatchObject({ code: 'same_name' });
    });
    expect(settled).toBe(0);
  });

  it("runs in the caller's transaction when given one: the events commit or roll back with the caller's writes", async () => {
    const db = database();
    const store = createEventStore(db);
    const origin = requestOrigin({ user: { id: 'u-1' }, requestId: 'r-1' });
    await expect(
      db.transaction(async (tx) => {
        await runCommand(store, origin, accounts, 'a', { type: 'Rename', name: 'Ama' }, { tx });
        expect((await readState(store, accounts, 'a', tx)).state).toEqual({ name: 'Ama' });
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await readState(store, accounts, 'a')).toEqual({ state: { name: null }, version: 0 });
    await db.transaction((tx) => runCommand(store, origin, accounts, 'a', { type: 'Rename', name: 'Kofi' }, { tx }));
    expect(await readState(store, accounts, 'a')).toEqual({ state: { name: 'Kofi' }, version: 1 });
  });
});
