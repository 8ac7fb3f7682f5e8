import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore, type EventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import { handleCommand } from '../store/command-handler.ts';
import { favoritesAggregate, favoritesDecider, type FavoriteCommand, type FavoriteEvent } from './favorites.decider.ts';
import { userStreamId } from './favorites.events.ts';
import { favoritesProjection } from './favorites.projection.ts';

const database = useMigratedDatabase();
const userId = '00000000-0000-4000-8000-000000000001';
const p1 = '10000000-0000-4000-8000-000000000001';
const p2 = '10000000-0000-4000-8000-000000000002';
const at = '2026-11-01T10:00:00.000Z';
/** Through the store, as the runner runs it (api/commands/run-command.ts). */
const run = async (store: EventStore, command: FavoriteCommand) =>
  (await handleCommand(store, favoritesAggregate, userStreamId(command.userId), command)).events;
const added = (propertyId: string): FavoriteEvent => ({
  type: 'FavoriteAdded',
  data: { userId, propertyId, addedAt: at },
});

describe('favourites decider', () => {
  const given = givenWhenThen(favoritesDecider);
  const add: FavoriteCommand = { type: 'AddFavorite', userId, propertyId: p1, at };
  const remove: FavoriteCommand = { type: 'RemoveFavorite', userId, propertyId: p1, at };
  const removed: FavoriteEvent = { type: 'FavoriteRemoved', data: { userId, propertyId: p1, removedAt: at } };

  it('adds once and removes only what is there', () => {
    given()
      .when(add)
      .then([added(p1)]);
    given(added(p1)).when(add).then([]);
    given().when(remove).then([]);
    given(added(p1)).when(remove).then([removed]);
  });
  it('adds again what was removed, and removes nothing twice', () => {
    given(added(p1), removed)
      .when(add)
      .then([added(p1)]);
    given(added(p1), removed).when(remove).then([]);
  });
});

describe('favourites on the user stream', () => {
  const projections = createProjectionSet([favoritesProjection]);
  const favoriteRows = () =>
    database().query('select property_id, is_favorite, version from favorites order by property_id');

  it('appends after the account events of the same stream and ignores them', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(`user-${userId}`, 'no_stream', [{ type: 'UserRegistered', data: { anything: true } }]);
    await run(store, { type: 'AddFavorite', userId, propertyId: p1, at });
    await run(store, { type: 'AddFavorite', userId, propertyId: p1, at });
    await run(store, { type: 'AddFavorite', userId, propertyId: p2, at });
    await run(store, { type: 'RemoveFavorite', userId, propertyId: p2, at });
    const stream = await store.readStream(`user-${userId}`);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'FavoriteAdded', 'FavoriteAdded', 'FavoriteRemoved']);
    expect(await favoriteRows()).toEqual([
      { property_id: p1, is_favorite: true, version: 2 },
      { property_id: p2, is_favorite: false, version: 4 },
    ]);
  });

  it('leaves the same rows when replayed twice or rebuilt', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await run(store, { type: 'AddFavorite', userId, propertyId: p1, at });
    await run(store, { type: 'AddFavorite', userId, propertyId: p2, at });
    await run(store, { type: 'RemoveFavorite', userId, propertyId: p1, at });
    const before = await favoriteRows();
    // Straight from the stream: the global log's readable end is the cluster-wide horizon, which this test need not wait for.
    const all = await store.readStream(`user-${userId}`);
    expect(all).toHaveLength(3);
    await database().transaction((tx) => favoritesProjection.apply(tx, all));
    await database().transaction((tx) => favoritesProjection.apply(tx, all.slice(0, 1)));
    expect(await favoriteRows()).toEqual(before);
    // One row lost, the other gone wrong: the rebuild must write both again from the log.
    await database().query('delete from favorites where is_favorite');
    await database().query('update favorites set is_favorite = true');
    expect(await favoriteRows()).toEqual([{ property_id: p1, is_favorite: true, version: expect.any(Number) }]);
    await projections.rebuild(database(), { batchSize: 1 });
    expect(await favoriteRows()).toEqual(before);
  });
});
