import { describe, expect, it } from 'vitest';
import { renameAggregate } from '../../testing/rename-aggregate.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { handleCommand, handleCommandIn } from './command-handler.ts';
import { createEventStore, type EventStore } from './event-store.ts';
import type { SqlClient } from './sql.ts';

const database = useMigratedDatabase();

const account = renameAggregate;

describe('handleCommand', () => {
  it('folds only its own event types on a stream another decider also writes, and appends after all of them', async () => {
    const store = createEventStore(database());
    await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama' });
    await store.append('user-1', 1, [{ type: 'FavoriteAdded', data: { propertyId: 'p-1' } }]);
    const result = await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama Mensah' });
    expect(result.nextVersion).toBe(3);
    expect(result.state).toEqual({ name: 'Ama Mensah' });
    await expect(handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama Mensah' })).rejects.toMatchObject(
      { code: 'same_name' },
    );
  });

  it('refuses a caller-given stale expectedVersion with a conflict, and takes the current one', async () => {
    const store = createEventStore(database());
    await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama' });
    const current = await handleCommand(
      store,
      account,
      'user-1',
      { type: 'Rename', name: 'Kofi' },
      { expectedVersion: 1 },
    );
    expect(current.nextVersion).toBe(2);
    await expect(
      handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Yaw' }, { expectedVersion: 1 }),
    ).rejects.toMatchObject({
      code: 'version_conflict',
    });
    expect(await store.streamVersion('user-1')).toBe(2);
  });

  it('decides again on the fresh state after losing a race, refusing as the decider does when the rival did the same, and gives up after 3 retries', async () => {
    const real = createEventStore(database());
    await handleCommand(real, account, 'user-2', { type: 'Rename', name: 'Ama' });
    // Another writer gets in between this command's read and its append, `races` times.
    const racing = (races: number, rivalName = (race: number) => `Rival ${race}`): EventStore => {
      let left = races;
      return {
        ...real,
        async append(streamId, expected, events, metadata, options) {
          if (left-- > 0) {
            const version = await real.streamVersion(streamId);
            await real.append(streamId, version, [{ type: 'AccountRenamed', data: { name: rivalName(races - left) } }]);
          }
          return real.append(streamId, expected, events, metadata, options);
        },
      };
    };

    const won = await handleCommand(racing(3), account, 'user-2', { type: 'Rename', name: 'Kofi' });
    expect(won.state).toEqual({ name: 'Kofi' });
    // Three rivals' events, then this command's, decided on the state the third rival left.
    expect((await real.readStream('user-2')).map((e) => (e.data as { name: string }).name)).toEqual([
      'Ama',
      'Rival 1',
      'Rival 2',
      'Rival 3',
      'Kofi',
    ]);

    await expect(handleCommand(racing(4), account, 'user-2', { type: 'Rename', name: 'Yaw' })).rejects.toMatchObject({
      code: 'version_conflict',
    });
    expect((await real.readStream('user-2')).map((e) => (e.data as { name: string }).name).slice(5)).toEqual([
      'Rival 1',
      'Rival 2',
      'Rival 3',
      'Rival 4',
    ]);

    // The rival sets the very name this command wants: decided again on the state it left, the command is
    // refused with the decider's own error, and nothing of it is appended (a blind retry would append 'Abena' twice).
    await expect(
      handleCommand(
        racing(1, () => 'Abena'),
        account,
        'user-2',
        { type: 'Rename', name: 'Abena' },
      ),
    ).rejects.toMatchObject({
      code: 'same_name',
    });
    expect((await real.readStream('user-2')).map((e) => (e.data as { name: string }).name).slice(9)).toEqual(['Abena']);
  });

  it('runs `alongside` in the append’s transaction: its failure takes the events back, and a replayed key runs it no more', async () => {
    const db = database();
    const store = createEventStore(db);
    await db.query('create table if not exists side_effects (name text not null)');
    const write = async (tx: SqlClient, events: { data: { name: string } }[], state: { name: string | null }) => {
      await tx.query('insert into side_effects (name) values ($1)', [`${state.name} after ${events.length} event`]);
    };

    // A failure that is not a lost race is not retried: the outbox was tried once.
    let outboxTries = 0;
    await expect(
      handleCommand(
        store,
        account,
        'user-3',
        { type: 'Rename', name: 'Esi' },
        {
          alongside: async () => {
            outboxTries += 1;
            throw new Error('the outbox is full');
          },
        },
      ),
    ).rejects.toThrow('the outbox is full');
    expect(outboxTries).toBe(1);
    expect(await store.streamVersion('user-3')).toBe(0);

    const idempotency = { key: 'rename-esi', requestHash: 'h' };
    const first = await handleCommand(
      store,
      account,
      'user-3',
      { type: 'Rename', name: 'Esi' },
      { idempotency, alongside: write },
    );
    const again = await handleCommand(
      store,
      account,
      'user-3',
      { type: 'Rename', name: 'Esi' },
      { idempotency, alongside: write },
    );
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect(await store.streamVersion('user-3')).toBe(1);
    expect(await db.query('select name from side_effects')).toEqual([{ name: 'Esi after 1 event' }]);
  });

  it("appends each event under its type's current schema version", async () => {
    const store = createEventStore(database());
    const RenamedV2 = { ...account.eventTypes[0], version: 2 };
    await handleCommand(store, { ...account, eventTypes: [RenamedV2] as const }, 'user-7', {
      type: 'Rename',
      name: 'Ama',
    });
    expect((await store.readStream('user-7')).map((e) => [e.type, e.schemaVersion])).toEqual([['AccountRenamed', 2]]);
  });
});

describe('handleCommandIn', () => {
  it("decides on what the caller's transaction sees and appends in it: the caller's later failure takes the events back", async () => {
    const db = database();
    const store = createEventStore(db);
    await expect(
      db.transaction(async (tx) => {
        await handleCommandIn(tx, store, account, 'user-4', { type: 'Rename', name: 'Ama' });
        // The transaction's own append is already folded in: the same name again is refused.
        await expect(
          handleCommandIn(tx, store, account, 'user-4', { type: 'Rename', name: 'Ama' }),
        ).rejects.toMatchObject({ code: 'same_name' });
        const second = await handleCommandIn(tx, store, account, 'user-4', { type: 'Rename', name: 'Kofi' });
        expect([second.nextVersion, second.state]).toEqual([2, { name: 'Kofi' }]);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await store.streamVersion('user-4')).toBe(0);

    const committed = await db.transaction((tx) =>
      handleCommandIn(tx, store, account, 'user-4', { type: 'Rename', name: 'Esi' }, { metadata: { actorId: 'u-1' } }),
    );
    expect(committed.events).toEqual([{ type: 'AccountRenamed', data: { name: 'Esi' } }]);
    expect((await store.readStream('user-4')).map((e) => [e.data, e.metadata])).toEqual([
      [{ name: 'Esi' }, { actorId: 'u-1' }],
    ]);
  });

  it('throws a lost race to the caller instead of deciding again, and refuses a stale expectedVersion', async () => {
    const real = createEventStore(database());
    await handleCommand(real, account, 'user-5', { type: 'Rename', name: 'Ama' });
    // A rival appends between this command's read and its append, once.
    let rivals = 1;
    const racing: EventStore = {
      ...real,
      async appendIn(tx, streamId, expected, events, metadata, options) {
        if (rivals-- > 0)
          await real.appendIn(tx, streamId, 'any', [{ type: 'AccountRenamed', data: { name: 'Rival' } }], {});
        return real.appendIn(tx, streamId, expected, events, metadata, options);
      },
    };
    const db = database();
    await expect(
      db.transaction((tx) => handleCommandIn(tx, racing, account, 'user-5', { type: 'Rename', name: 'Kofi' })),
    ).rejects.toMatchObject({
      code: 'version_conflict',
    });
    expect((await real.readStream('user-5')).map((e) => (e.data as { name: string }).name)).toEqual(['Ama']);
    await expect(
      db.transaction((tx) =>
        handleCommandIn(tx, real, account, 'user-5', { type: 'Rename', name: 'Yaw' }, { expectedVersion: 2 }),
      ),
    ).rejects.toMatchObject({
      code: 'version_conflict',
    });
  });

  it('answers a repeated idempotency key with the first result, deciding and writing nothing again', async () => {
    const db = database();
    const store = createEventStore(db);
    await db.query('create table if not exists side_effects (name text not null)');
    const idempotency = { key: 'rename-in-tx', requestHash: 'h' };
    const alongside = async (tx: SqlClient) =>
      void (await tx.query(`insert into side_effects (name) values ('written')`));
    const first = await db.transaction((tx) =>
      handleCommandIn(tx, store, account, 'user-6', { type: 'Rename', name: 'Abena' }, { idempotency, alongside }),
    );
    // Deciding again would be refused (same name): the key answers first.
    const again = await db.transaction((tx) =>
      handleCommandIn(tx, store, account, 'user-6', { type: 'Rename', name: 'Abena' }, { idempotency, alongside }),
    );
    expect([first.replayed, again.replayed, again.events, again.state]).toEqual([false, true, [], { name: 'Abena' }]);
    expect(again.eventIds).toEqual(first.eventIds);
    expect(await db.query('select name from side_effects')).toEqual([{ name: 'written' }]);
  });
});
