import { describe, expect, it, vi } from 'vitest';
import { readModels } from '../../events/read-models.ts';
import type { Database, SqlClient } from '../../events/store/sql.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { seedListing } from '../../testing/listings.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import { silentLogger } from '../logger.ts';
import { createListingCards, type ListingCard, pageBody } from './listing-cards.ts';
import { CHANGES_MAX_AGE_MS, createSearchChangeFeed } from './search-cache.ts';
import { createSearchIndexReplica } from './search-index-replica.ts';
import { searchListings } from './search.read.ts';

const database = useMigratedDatabase();

const search = (q: Partial<SearchQuery> = {}): SearchQuery =>
  ({ sort: 'newest', page: 1, limit: 12, ...q }) as SearchQuery;

/** Resolves what `reached` waits for, then waits for `open()`. */
function gate() {
  let open!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    open,
    reached,
    pass: async () => {
      reach();
      await opened;
    },
  };
}

/** A database whose statements starting with `prefix` wait at a gate after they ran. */
function gatedStatements(db: Database, prefix: string) {
  const { open, reached, pass } = gate();
  const gated = {
    ...db,
    async query<T>(text: string, params?: unknown[]) {
      const rows = await db.query<T>(text, params);
      if (text.trimStart().startsWith(prefix)) await pass();
      return rows;
    },
  } as Database;
  return { db: gated, open, reached };
}

/** A database whose transactions wait at a gate once they have committed. */
function gatedTransactions(db: Database) {
  const { open, reached, pass } = gate();
  const gated = {
    ...db,
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>) {
      const result = await db.transaction(fn);
      await pass();
      return result;
    },
  } as Database;
  return { db: gated, open, reached };
}

async function setup() {
  let now = Date.UTC(2026, 5, 1);
  const { app, deps } = await createTestApp(database(), { clock: () => new Date(now) });
  const ownerId = crypto.randomUUID();
  const seed = (city: string, overrides: Record<string, unknown> = {}) =>
    seedListing(deps.store, ownerId, { city, location: `${city}, Ghana`, ...overrides });
  const feed = createSearchChangeFeed(deps.db, { now: () => now });
  return { app, deps, feed, seed, now: () => now, advance: () => (now += CHANGES_MAX_AGE_MS) };
}

describe('search index replica', () => {
  it('loads the live listings and follows each change of the log, as the SQL answers', async () => {
    const { deps, feed, seed, now, advance } = await setup();
    const kumasi = await seed('Kumasi');
    await seed('Accra', { pricePerNight: 3000 });
    await seedListing(deps.store, crypto.randomUUID(), { city: 'Tema', location: 'Tema, Ghana' }, { live: false });
    const replica = createSearchIndexReplica(deps.db, feed, { log: silentLogger, now });
    expect(replica.current()).toBeUndefined();
    expect(await replica.ready()).toBe(true);
    const agrees = async (q: SearchQuery, place: string) => {
      const sql = await searchListings(deps.db, q);
      const found = replica.current()!.find(q, place);
      expect(found).toEqual({ ids: sql.rows.map((r) => r.id), total: sql.total, totalIsExact: sql.totalIsExact });
      return found!.ids;
    };
    expect(await agrees(search({ location: 'kumasi' }), 'kumasi')).toEqual([kumasi]);
    expect((await agrees(search(), '')).length).toBe(2);
    // Another process's change: in the index once the feed reads the log again.
    const tema = await seed('Tema');
    advance();
    await feed.sync();
    expect(await agrees(search({ location: 'tema' }), 'tema')).toEqual([tema]);
    // A listing leaves the index when it stops being live.
    await deps.store.append(`property-${kumasi}`, 'any', [
      {
        type: 'PropertyHidden',
        data: { propertyId: kumasi, hiddenBy: 'admin', hiddenAt: new Date(now()).toISOString() },
      },
    ] as never);
    advance();
    await feed.sync();
    expect(await agrees(search({ location: 'kumasi' }), 'kumasi')).toEqual([]);
    expect((await agrees(search(), '')).length).toBe(2);
  });

  it('loads again after a change that may touch anything (a rebuild), answering undefined meanwhile', async () => {
    const { deps, feed, seed, now, advance } = await setup();
    await seed('Kumasi');
    const replica = createSearchIndexReplica(deps.db, feed, { log: silentLogger, now });
    expect(await replica.ready()).toBe(true);
    await deps.db.query(`update properties set city = 'Ho', location = 'Ho, Ghana'`);
    await deps.db.query('delete from events');
    await seed('Wa');
    await createProjectionSet(readModels).rebuild(deps.db);
    advance();
    await feed.sync();
    expect(replica.current()).toBeUndefined();
    expect(await replica.ready()).toBe(true);
    expect(replica.current()!.find(search(), '')!.total).toBe(1);
    expect(replica.current()!.find(search(), 'wa')!.total).toBe(1);
  });

  it('applies the changes that arrive while it loads, past the head it loaded', async () => {
    const { deps, feed, seed, now, advance } = await setup();
    await seed('Kumasi');
    const { db, open, reached } = gatedTransactions(deps.db);
    const replica = createSearchIndexReplica(db, feed, { log: silentLogger, now });
    const loaded = replica.ready();
    await reached;
    // Read, not yet handed over: this change is after the snapshot.
    const accra = await seed('Accra');
    advance();
    await feed.sync();
    open();
    expect(await loaded).toBe(true);
    expect(replica.current()!.find(search({ location: 'accra' }), 'accra')!.ids).toEqual([accra]);
  });

  it('answers undefined after a failed load and tries again only after a while', async () => {
    const { deps, feed } = await setup();
    let clock = 0;
    let loads = 0;
    const failing = {
      ...deps.db,
      async transaction() {
        loads++;
        throw new Error('the database went away');
      },
    } as Database;
    const replica = createSearchIndexReplica(failing, feed, { log: silentLogger, now: () => clock });
    expect(await replica.ready()).toBe(false);
    expect(replica.current()).toBeUndefined();
    expect(loads).toBe(1);
    // The feed's head is fresh, so a load begun reaches its statement within this turn's microtasks.
    clock += 4_999;
    expect(replica.current()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(1);
    clock += 1;
    expect(replica.current()).toBeUndefined();
    await vi.waitFor(() => expect(loads).toBe(2));
  });
});

describe('GET /api/health: the search index', () => {
  it('says whether searches come from the index and how many live listings it holds', async () => {
    const { app, deps, seed } = await setup();
    await seed('Kumasi');
    await seed('Accra');
    const status = async () =>
      ((await (await app.request('/api/health')).json()) as { searchIndex: unknown }).searchIndex;
    expect(await status()).toEqual({ loaded: false, listings: 0 });
    expect(await deps.search.index.ready()).toBe(true);
    expect(await status()).toEqual({ loaded: true, listings: 2 });
  });
});

/** What a visitor reads of a card. */
const titleOf = (card: ListingCard) =>
  (JSON.parse(pageBody([card], null, {}).toString()) as { properties: { title: string }[] }).properties[0]!.title;

describe('listing cards', () => {
  it('keeps a live listing’s row until a change of it is read from the log', async () => {
    const { deps, feed, seed, advance } = await setup();
    const cards = createListingCards(deps.db, feed, { now: () => 0 });
    await feed.sync();
    const accra = await seed('Accra', { title: 'First' });
    const hidden = await seedListing(deps.store, crypto.randomUUID(), { city: 'Ho' }, { live: false });
    expect((await cards.get([accra, hidden])).map(titleOf)).toEqual(['First']);
    await deps.store.append(`property-${accra}`, 'any', [
      {
        type: 'PropertyEdited',
        data: { propertyId: accra, changes: { title: 'Second' }, editedBy: 'o', editedAt: '2026-06-01T00:00:00Z' },
      },
    ] as never);
    // Not read from the log yet: the kept row.
    expect(titleOf((await cards.get([accra]))[0]!)).toBe('First');
    advance();
    await feed.sync();
    expect(titleOf((await cards.get([accra]))[0]!)).toBe('Second');
  });

  it('gives, but does not keep, a row read while a change of it arrived', async () => {
    const { deps, feed, seed, advance } = await setup();
    await feed.sync();
    const accra = await seed('Accra', { title: 'First' });
    const { db, open, reached } = gatedStatements(deps.db, 'select p.id');
    const cards = createListingCards(db, feed, { now: () => 0 });
    const reading = cards.get([accra]);
    await reached;
    await deps.store.append(`property-${accra}`, 'any', [
      {
        type: 'PropertyEdited',
        data: { propertyId: accra, changes: { title: 'Second' }, editedBy: 'o', editedAt: '2026-06-01T00:00:00Z' },
      },
    ] as never);
    advance();
    await feed.sync();
    open();
    expect(titleOf((await reading)[0]!)).toBe('First');
    // Not kept: read again, now through an open gate.
    expect(titleOf((await cards.get([accra]))[0]!)).toBe('Second');
  });
});
