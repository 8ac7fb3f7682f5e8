import { describe, expect, it } from 'vitest';
import type { SearchState } from '../../events/listing/listing-search.ts';
import { recordSearchChange } from '../../events/listing/listing-search.writer.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import {
  CHANGES_MAX_AGE_MS,
  createSearchCache,
  createSearchChangeFeed,
  listingsChanged,
  type SearchChange,
} from './search-cache.ts';

const database = useMigratedDatabase();

const state = (name: string): SearchState => ({
  names: ['', name],
  propertyType: 'house',
  category: 'general',
  listingType: 'rent',
  monthlyEquivalent: 1000,
  bedrooms: 2,
  amenities: 0,
});

/** What a listing change does, in this process or another: the projection logs it in its own transaction. */
const logChange = (states: SearchState[] | null) =>
  database().transaction((tx) => recordSearchChange(tx, states && { states, listings: [] }));

/** In these tests a cached answer is about one town, and a change affects it when it touches that town. */
const townAffectedBy = (town: string) => (change: SearchChange) =>
  change === null || change.some((s) => s.names.includes(town));

/** A cache on the test database with a clock the test moves, and a compute that counts its calls. */
function setup(options: { maxEntries?: number; ttlMs?: number; db?: SqlClient } = {}) {
  let now = 1_000_000;
  const clock = () => now;
  const feed = createSearchChangeFeed(options.db ?? database(), { now: clock });
  const cache = createSearchCache<string, string>(feed, { ...options, affectedBy: townAffectedBy, now: clock });
  const computed: string[] = [];
  let version = 0;
  const get = (town: string, compute?: () => Promise<string>) =>
    cache.get(
      town,
      town,
      compute ??
        (async () => {
          computed.push(town);
          return `${town}@${++version}`;
        }),
    );
  return { cache, get, computed, advance: (ms: number) => (now += ms) };
}

describe('search cache', () => {
  it('computes an answer once per key and serves the kept one after', async () => {
    const { get, computed } = setup();
    expect(await get('accra')).toBe('accra@1');
    expect(await get('kumasi')).toBe('kumasi@2');
    expect(await get('accra')).toBe('accra@1');
    expect(computed).toEqual(['accra', 'kumasi']);
  });

  it('drops only the answers a change can affect, once the head it read is CHANGES_MAX_AGE_MS old', async () => {
    const { get, computed, advance } = setup();
    await get('accra');
    await get('kumasi');
    await logChange([state('accra')]);
    advance(CHANGES_MAX_AGE_MS - 1);
    expect(await get('accra')).toBe('accra@1');
    advance(1);
    expect(await get('accra')).toBe('accra@3');
    expect(await get('kumasi')).toBe('kumasi@2');
    expect(computed).toEqual(['accra', 'kumasi', 'accra']);
  });

  it('sees this process’s own listing change at once', async () => {
    const { get } = setup();
    expect(await get('accra')).toBe('accra@1');
    await logChange([state('accra')]);
    listingsChanged();
    expect(await get('accra')).toBe('accra@2');
  });

  it('empties itself on a change that may touch anything (a rebuild) and when the log starts again', async () => {
    const { get, advance } = setup();
    await get('accra');
    await logChange(null);
    advance(CHANGES_MAX_AGE_MS);
    expect(await get('accra')).toBe('accra@2');
    // An emptied database: the log's head goes back below what this process read.
    await database().query('truncate search_change_head, search_changes');
    await logChange([state('kumasi')]);
    advance(CHANGES_MAX_AGE_MS);
    expect(await get('accra')).toBe('accra@3');
  });

  it('empties itself when changes it has not read were pruned from the log', async () => {
    const { get, advance } = setup();
    await get('accra');
    await logChange([state('kumasi')]);
    await logChange([state('tamale')]);
    await database().query('delete from search_changes where seq = (select min(seq) from search_changes)');
    advance(CHANGES_MAX_AGE_MS);
    expect(await get('accra')).toBe('accra@2');
  });

  it('gives an answer computed while a change that affects it arrived, but does not keep it', async () => {
    const { get, computed } = setup();
    const answer = await get('accra', async () => {
      // Another request's listing change commits and is read while this answer is computed.
      await logChange([state('accra')]);
      listingsChanged();
      await get('kumasi');
      return 'accra@before-the-change';
    });
    expect(answer).toBe('accra@before-the-change');
    expect(await get('accra')).toBe('accra@2');
    expect(computed).toEqual(['kumasi', 'accra']);
  });

  it("makes a kept answer's test for changes once, when it computes the answer, not once per change", async () => {
    let now = 1_000_000;
    const made: string[] = [];
    const feed = createSearchChangeFeed(database(), { now: () => now });
    const cache = createSearchCache<string, string>(feed, {
      affectedBy: (town) => {
        made.push(town);
        return townAffectedBy(town);
      },
      now: () => now,
    });
    expect(await cache.get('accra', 'accra', async () => 'accra@1')).toBe('accra@1');
    for (const town of ['kumasi', 'tamale', 'accra']) {
      await logChange([state(town)]);
      now += CHANGES_MAX_AGE_MS;
      await feed.sync();
    }
    expect(await cache.get('accra', 'accra', async () => 'accra@2')).toBe('accra@2');
    expect(made).toEqual(['accra', 'accra']);
  });

  it('keeps an answer only for ttlMs', async () => {
    const { get, advance } = setup({ ttlMs: 1000 });
    expect(await get('accra')).toBe('accra@1');
    advance(999);
    expect(await get('accra')).toBe('accra@1');
    advance(1);
    expect(await get('accra')).toBe('accra@2');
  });

  it('drops the least recently used answer beyond maxEntries', async () => {
    const { get, computed } = setup({ maxEntries: 2 });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    expect(computed).toEqual(['a', 'b', 'c']);
    await get('a');
    expect(computed).toEqual(['a', 'b', 'c']);
    await get('b');
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps no failed computation, and clear() forgets every answer', async () => {
    const { cache, get, computed } = setup();
    await expect(get('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await get('a')).toBe('a@1');
    cache.clear();
    expect(await get('a')).toBe('a@2');
    expect(computed).toEqual(['a', 'a']);
  });

  it('reads the log one poll at a time: a sync asked while a read is under way waits for it', async () => {
    let release = () => {};
    let gate = Promise.resolve();
    let reading = 0;
    let mostAtOnce = 0;
    // The real database behind a connection the test can hold.
    const held: SqlClient = {
      query: async <Row>(sql: string, params?: readonly unknown[]) => {
        mostAtOnce = Math.max(mostAtOnce, ++reading);
        try {
          await gate;
          return await database().query<Row>(sql, params);
        } finally {
          reading--;
        }
      },
      execute: (script) => database().execute(script),
    };
    const { get, advance } = setup({ db: held });
    expect(await get('accra')).toBe('accra@1');
    gate = new Promise((resolve) => (release = resolve));
    await logChange([state('accra')]);
    advance(CHANGES_MAX_AGE_MS);
    const first = get('accra');
    // This process's own change: the next sync reads the log again, while the first read is held.
    listingsChanged();
    const second = get('kumasi');
    release();
    expect(await Promise.all([first, second])).toEqual(['accra@2', 'kumasi@3']);
    expect(mostAtOnce).toBe(1);
  });

  it('reads the log again after a failed read instead of keeping the failure', async () => {
    let failNext = true;
    // The real database behind a connection that drops once.
    const flaky: SqlClient = {
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        if (!failNext) return database().query<Row>(sql, params);
        failNext = false;
        return Promise.reject(new Error('connection reset'));
      },
      execute: (script) => database().execute(script),
    };
    const { get } = setup({ db: flaky });
    await expect(get('a')).rejects.toThrow('connection reset');
    expect(await get('a')).toBe('a@1');
  });
});
