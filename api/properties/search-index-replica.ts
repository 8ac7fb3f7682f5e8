import type { Database } from '../../events/store/sql.ts';
import type { Logger } from '../logger.ts';
import type { ListingsChange, SearchChangeFeed } from './search-cache.ts';
import { createSearchIndex, indexedListing, type SearchIndex } from './search-index.ts';

/** After a failed load, searches go to the database for this long before the next load is tried. */
const RETRY_AFTER_MS = 5_000;

/** Listings read per statement of a load: what one statement holds in memory at once. */
const LOAD_PAGE = 20_000;

/**
 * A page of live listings' search rows with their place names, in id order
 * after `$1`. A load reads the log's head and every page in one repeatable-read
 * transaction, so in one snapshot: changes after that head are in none of them
 * (a change writes its rows and takes its seq in one transaction).
 */
const LOAD_PAGE_ROWS = `select s.listing_id::text as id, (extract(epoch from s.created_at) * 1000)::float8 as at,
    s.monthly_equivalent as price, s.property_type, s.category, s.listing_type, s.bedrooms, s.amenities, s.advance_rent_months, array_agg(p.name) as names
  from listing_search s join search_places p on p.id = s.place_id
  where s.listing_id > $1::uuid
  group by s.listing_id, s.created_at, s.monthly_equivalent, s.property_type, s.category, s.listing_type, s.bedrooms, s.amenities, s.advance_rent_months
  order by s.listing_id limit $2`;

type LoadRow = {
  id: string;
  at: number;
  price: number;
  property_type: number;
  category: number;
  listing_type: number;
  bedrooms: number;
  amenities: number;
  advance_rent_months: number | null;
  names: string[];
};

export type SearchIndexReplica = ReturnType<typeof createSearchIndexReplica>;

/**
 * The in-memory search index of this process (search-index.ts), loaded from
 * listing_search and kept current by the search change log, change by change
 * in `seq` order (docs/decisions/260). Until it is loaded, and again after a
 * change that may touch anything (a rebuild) until it has loaded again,
 * `current()` answers undefined and searches go to the database.
 */
export function createSearchIndexReplica(
  db: Database,
  feed: SearchChangeFeed,
  { log, now = () => Date.now() }: { log: Logger; now?: () => number },
) {
  const index = createSearchIndex();
  let ready = false;
  let loading: Promise<void> | undefined;
  /** The seq the index is current to. */
  let appliedSeq = 0;
  /** Changes handed out while a load ran: applied after it, past its head. */
  let pending: ListingsChange[] = [];
  let retryAt = 0;

  const apply = (change: ListingsChange) => {
    if (change.seq <= appliedSeq) return;
    for (const { id, createdAt, state } of change.listings!)
      index.put(id, state ? indexedListing(id, createdAt, state) : undefined);
    appliedSeq = change.seq;
  };

  feed.follow((change) => {
    if (loading) pending.push(change);
    else if (!ready) return;
    else if (change.listings === null) {
      ready = false;
      void load();
    } else apply(change);
  });

  async function loadOnce(): Promise<void> {
    // The feed must have read the log once before the snapshot: it hands out every change after what it read first.
    await feed.sync();
    const filling = index.reload();
    const head = await db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read');
      const [row] = await tx.query<{ head: number }>(
        'select coalesce((select seq from search_change_head), 0)::int8 as head',
      );
      for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
        const rows = await tx.query<LoadRow>(LOAD_PAGE_ROWS, [after, LOAD_PAGE]);
        for (const r of rows)
          filling.add({
            id: r.id,
            at: r.at,
            price: r.price,
            propertyType: r.property_type,
            category: r.category,
            listingType: r.listing_type,
            bedrooms: r.bedrooms,
            amenities: r.amenities,
            advanceRent: r.advance_rent_months,
            names: r.names,
          });
        if (rows.length < LOAD_PAGE) break;
        after = rows[rows.length - 1]!.id;
      }
      return row!.head;
    });
    filling.end();
    appliedSeq = head;
  }

  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        const started = now();
        // A change that may touch anything, arriving during a load, needs another load.
        for (let again = true; again; ) {
          pending = [];
          await loadOnce();
          again = pending.some((change) => change.seq > appliedSeq && change.listings === null);
          if (!again) for (const change of pending) apply(change);
        }
        pending = [];
        ready = true;
        log.info('search index loaded', { listings: index.size(), seq: appliedSeq, ms: now() - started });
      } catch (error) {
        retryAt = now() + RETRY_AFTER_MS;
        log.warn('search index not loaded: searches go to the database meanwhile', { error: String(error) });
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  }

  return {
    /** The index when it is current; undefined (and a load begun, unless one failed just now) when not. */
    current(): SearchIndex | undefined {
      if (ready) return index;
      if (!loading && now() >= retryAt) void load();
      return undefined;
    },
    /** Whether searches are answered from the index now, and how many live listings it holds (GET /api/health). */
    status: () => ({ loaded: ready, listings: ready ? index.size() : 0 }),
    /** Loads the index if it is not loaded (a server's start, a test): resolves once it is, or once a load failed. */
    async ready(): Promise<boolean> {
      if (!ready) await load();
      return ready;
    },
  };
}
