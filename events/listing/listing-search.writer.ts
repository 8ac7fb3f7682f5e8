import type { SqlClient } from '../store/sql.ts';
import {
  amenityMask,
  monthlyEquivalent,
  searchCode,
  searchStateOf,
  type SearchableListing,
  type SearchState,
} from './listing-search.ts';

/** A listing as a batch found it and as it leaves it (the properties projection's rows). */
export type ListingChange = {
  id: string;
  before: (SearchableListing & { created_at: string }) | undefined;
  after: SearchableListing & { created_at: string };
};

/** More listings than this in one batch (a bulk load, a rebuild) are recorded as "anything may have changed". */
const MAX_STATES = 50;
/** Changes kept for the caches of other processes; one that fell further behind empties its cache. */
const KEPT_CHANGES = 10_000;

/** One array per column: both drivers send a JavaScript array as a PostgreSQL array. */
const INSERT_ROWS = `insert into listing_search (listing_id, place_id, created_at, monthly_equivalent, property_type, category, listing_type, bedrooms, amenities, advance_rent_months)
  select * from unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::float8[], $5::int2[], $6::int2[], $7::int2[], $8::int2[], $9::int[], $10::int2[])`;

/** What a listing's rows in listing_search are made of; '' when it has none (not live). */
const searchRowsKey = (listing: ListingChange['before']) => {
  const state = listing && searchStateOf(listing);
  return state ? JSON.stringify([listing.created_at, state]) : '';
};

/**
 * Writes the search read model for a batch of changed listings, in the
 * batch's transaction: their rows in listing_search (one per place name, live
 * listings only) where what search reads changed, any new place names, and
 * one entry in the change log that tells the answer caches which searches the
 * batch can have changed (a new title changes no row but shows in answers).
 */
export async function writeListingSearch(tx: SqlClient, all: readonly ListingChange[]): Promise<void> {
  const changes = all.filter(({ before, after }) => searchRowsKey(before) !== searchRowsKey(after));
  if (changes.length > 0) await writeRows(tx, changes);
  const states = all.length > MAX_STATES ? null : statesOf(all);
  // A listing live neither before nor after is in no answer: nothing to log.
  if (states === null) await recordSearchChange(tx, null);
  else if (states.length > 0) await recordSearchChange(tx, { states, listings: all.map(listingAfter) });
}

/** A changed listing as the in-memory index and cards take it: its id, creation time and live state after the change. */
export type ChangedListing = { id: string; createdAt: string; state: SearchState | null };

const listingAfter = ({ id, after }: ListingChange): ChangedListing => ({
  id,
  createdAt: after.created_at,
  state: searchStateOf(after) ?? null,
});

async function writeRows(tx: SqlClient, changes: readonly ListingChange[]): Promise<void> {
  await tx.query('delete from listing_search where listing_id = any($1::uuid[])', [changes.map((c) => c.id)]);
  const live = changes.flatMap(({ id, after }) => {
    const state = searchStateOf(after);
    return state ? [{ id, after, names: state.names }] : [];
  });
  if (live.length > 0) {
    const names = [...new Set(live.flatMap((l) => l.names))];
    await tx.query('insert into search_places (name) select unnest($1::text[]) on conflict (name) do nothing', [names]);
    const ids = new Map(
      (
        await tx.query<{ id: number; name: string }>(
          'select id, name from search_places where name = any($1::text[])',
          [names],
        )
      ).map((r) => [r.name, r.id]),
    );
    const columns: unknown[][] = Array.from({ length: 10 }, () => []);
    for (const { id, after, names } of live) {
      const values: unknown[] = [
        id,
        0,
        after.created_at,
        monthlyEquivalent(after.price_per_night, after.pricing_period),
        searchCode('propertyType', after.property_type),
        searchCode('category', after.category),
        searchCode('listingType', after.listing_type),
        after.bedrooms,
        amenityMask(after.amenities),
        after.advance_rent_months,
      ];
      for (const name of names) {
        values[1] = ids.get(name);
        for (const [column, value] of values.entries()) columns[column]!.push(value);
      }
    }
    await tx.query(INSERT_ROWS, columns);
  }
}

/** The distinct live states before and after: a cached search matching none of them is still right. */
function statesOf(changes: readonly ListingChange[]): SearchState[] {
  const states = new Map<string, SearchState>();
  for (const { before, after } of changes) {
    for (const listing of [before, after]) {
      const state = listing && searchStateOf(listing);
      if (state) states.set(JSON.stringify(state), state);
    }
  }
  return [...states.values()];
}

/**
 * Appends to the change log. The head row's lock is held to the commit, so
 * changes commit in `seq` order. `null`: anything may have changed. `states`
 * are the live states before and after (for the answer caches), `listings`
 * every listing of the batch as it is after (for the in-memory index and the
 * listing cards, which drop a card whatever changed in the listing).
 */
export async function recordSearchChange(
  tx: SqlClient,
  change: { states: SearchState[]; listings: ChangedListing[] } | null,
): Promise<void> {
  const [head] = await tx.query<{ seq: number }>(
    `insert into search_change_head (one, seq) values (true, 1)
     on conflict (one) do update set seq = search_change_head.seq + 1 returning seq`,
  );
  const seq = head!.seq;
  await tx.query(
    `insert into search_changes (seq, states, listings) values ($1, $2::jsonb->'states', $2::jsonb->'listings')`,
    [seq, change ?? { states: null, listings: null }],
  );
  if (seq % 1000 === 0) await tx.query('delete from search_changes where seq <= $1', [seq - KEPT_CHANGES]);
}

/**
 * For a rebuild: drops listing_search's secondary indexes (their definitions
 * read from the catalogue, so the migration stays their one source) and
 * answers what builds them again once the rows are in. Building an index over
 * a million rows at once is many times faster than growing it row by row.
 */
export async function setSearchIndexesAside(tx: SqlClient): Promise<() => Promise<void>> {
  const indexes = await tx.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = current_schema() and tablename = 'listing_search' and indexname <> 'listing_search_pkey'`,
  );
  for (const { name } of indexes) await tx.query(`drop index ${name}`);
  return async () => {
    for (const { definition } of indexes) await tx.query(definition);
  };
}
