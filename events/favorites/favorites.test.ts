import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { foldEvents } from '../store/decider.ts';
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
const run = async (store: EventStore, command: FavoriteCommand) => (await handleCommand(store, favoritesAggregate, userStreamId(command.userId), command)).events;
const added = (propertyId: string): FavoriteEvent => ({ type: 'FavoriteAdded', data: { userId, propertyId, addedAt: at } });

describe('favourites decider', () => {
  it('adds once and removes only what is there', () => {
    const decide = (events: FavoriteEvent[], type: 'AddFavorite' | 'RemoveFavorite') =>
      favoritesDecider.decide({ type, userId, propertyId: p1, at }, foldEvents(favoritesDecider, events));
    expect(decide([], 'AddFavorite')).toEqual([added(p1)]);
    expect(decide([added(p1)], 'AddFavorite')).toEqual([]);
    expect(decide([], 'RemoveFavorite')).toEqual([]);
    expect(decide([added(p1)], 'RemoveFavorite')).toEqual([{ type: 'FavoriteRemoved', data: { userId, propertyId: p1, removedAt: at } }]);
  });
  it('adds again what was removed, and removes nothing twice', () => {
    const history: FavoriteEvent[] = [added(p1), { type: 'FavoriteRemoved', data: { userId, propertyId: p1, removedAt: at } }];
    const state = foldEvents(favoritesDecider, history);
    expect(favoritesDecider.decide({ type: 'AddFavorite', userId, propertyId: p1, at }, state)).toEqual([added(p1)]);
    expect(favoritesDecider.decide({ type: 'RemoveFavorite', userId, propertyId: p1, at }, state)).toEqual([]);
  });
});

describe('favourites on the user stream', () => {
  const projections = createProjectionSet([favoritesProjection]);
  const favoriteRows = () => database().query('select property_id, is_favorite, version from favorites order by property_id');

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
