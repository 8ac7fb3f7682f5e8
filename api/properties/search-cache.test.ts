import { describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/sql.ts';
import { useMigratedDatabase } from '../testing/use-test-database.ts';
import { createSearchCache, listingsChanged, TOKEN_MAX_AGE_MS } from './search-cache.ts';

const database = useMigratedDatabase();

/** What another process's listing change does: the properties projection writes a new token. */
const changeToken = (token: string) =>
  database().query(
    `insert into read_model_generations (name, token) values ('properties', $1) on conflict (name) do update set token = excluded.token`,
    [token],
  );

/** A cache on the test database with a clock the test moves, and a compute that counts its calls. */
function setup(options: { maxEntries?: number; ttlMs?: number; db?: SqlClient } = {}) {
  let now = 1_000_000;
  const cache = createSearchCache<string>(options.db ?? database(), { ...options, now: () => now });
  const computed: string[] = [];
  let version = 0;
  const get = (key: string) =>
    cache.get(key, async () => {
      computed.push(key);
      return `${key}@${++version}`;
    });
  return { cache, get, computed, advance: (ms: number) => (now += ms) };
}

describe('search cache', () => {
  it('computes an answer once per key and serves the kept one after', async () => {
    await changeToken('t1');
    const { get, computed } = setup();
    expect(await get('a')).toBe('a@1');
    expect(await get('b')).toBe('b@2');
    expect(await get('a')).toBe('a@1');
    expect(computed).toEqual(['a', 'b']);
  });

  it('sees another process’s change once the token it read is TOKEN_MAX_AGE_MS old, not before', async () => {
    await changeToken('t1');
    const { get, computed, advance } = setup();
    expect(await get('a')).toBe('a@1');
    await changeToken('t2');
    advance(TOKEN_MAX_AGE_MS - 1);
    expect(await get('a')).toBe('a@1');
    advance(1);
    expect(await get('a')).toBe('a@2');
    expect(computed).toEqual(['a', 'a']);
  });

  it('sees this process’s own listing change at once', async () => {
    await changeToken('t1');
    const { get } = setup();
    expect(await get('a')).toBe('a@1');
    await changeToken('t2');
    listingsChanged();
    expect(await get('a')).toBe('a@2');
  });

  it('keeps an answer under an unchanged token only for ttlMs', async () => {
    await changeToken('t1');
    const { get, advance } = setup({ ttlMs: 1000 });
    expect(await get('a')).toBe('a@1');
    advance(999);
    expect(await get('a')).toBe('a@1');
    advance(1);
    expect(await get('a')).toBe('a@2');
  });

  it('drops the least recently used answer beyond maxEntries', async () => {
    await changeToken('t1');
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
    await changeToken('t1');
    const { cache, get, computed } = setup();
    await expect(cache.get('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await get('a')).toBe('a@1');
    cache.clear();
    expect(await get('a')).toBe('a@2');
    expect(computed).toEqual(['a', 'a']);
  });

  it('asks for the token again after a failed read instead of keeping the failure', async () => {
    await changeToken('t1');
    let failNext = true;
    // The real database behind a connection that drops once.
    const flaky: SqlClient = {
      query: <Row,>(sql: string, params?: readonly unknown[]) => {
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
