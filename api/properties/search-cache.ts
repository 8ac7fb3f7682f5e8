import type { SearchState } from '../../events/listing/listing-search.ts';
import type { ChangedListing } from '../../events/listing/listing-search.writer.ts';
import type { SqlClient } from '../../events/store/sql.ts';

/** Listing writes made by this process: a listing command's caller calls listingsChanged() once it has committed. */
let localEpoch = 0;
export const listingsChanged = () => {
  localEpoch++;
};

/** How long the change log's head, read from the database, is trusted when this process wrote nothing since. */
export const CHANGES_MAX_AGE_MS = 50;
/** Changes read in one poll; a process further behind empties its caches instead. */
const MAX_CHANGES_PER_POLL = 500;
/** Changes remembered for answers computed while they arrived. */
const REMEMBERED = 256;

/** What one logged change did: the live states before and after, or null when anything may have changed. */
export type SearchChange = SearchState[] | null;

/**
 * One logged change as the in-memory search index takes it: its `seq` and the
 * changed listings as they are after it, or null when anything may have
 * changed (or the log no longer says which listings: a gap, a new log).
 */
export type ListingsChange = { seq: number; listings: ChangedListing[] | null };

export type SearchChangeFeed = ReturnType<typeof createSearchChangeFeed>;

/**
 * The search change log (search_changes, written by the properties projection
 * in each listing change's transaction) as this process follows it. sync()
 * reads what is new, at most every CHANGES_MAX_AGE_MS, and at once after this
 * process's own listing change, and hands each change to the caches, which
 * drop only the answers it can affect. Changes commit in `seq` order (the
 * head row's lock), so reading `seq > last` never skips one.
 */
export function createSearchChangeFeed(db: SqlClient, { now = () => Date.now() } = {}) {
  let seen: number | undefined;
  let log: string | undefined;
  let memo: { seq: Promise<number>; at: number; epoch: number } | undefined;
  // One poll at a time: two reading from the same `seen` would hand out changes twice and could move `seen` back.
  let polling: Promise<unknown> = Promise.resolve();
  /** Each change remembered: what it did to search rows, and the ids of the listings it changed (null: any). */
  const recent: { seq: number; change: SearchChange; listings: ReadonlySet<string> | null }[] = [];
  const listeners = new Set<(change: SearchChange) => void>();
  const indexes = new Set<(change: ListingsChange) => void>();
  const publish = (seq: number, change: SearchChange, listings: ChangedListing[] | null) => {
    recent.push({
      seq,
      change,
      listings: change === null || listings === null ? null : new Set(listings.map((l) => l.id)),
    });
    if (recent.length > REMEMBERED) recent.shift();
    for (const listener of listeners) listener(change);
    // A change logged before the log named its listings (migration 0740) says anything may have changed.
    for (const index of indexes) index({ seq, listings: change === null ? null : listings });
  };

  /** The remembered changes after `seq`; undefined when some of them are no longer remembered. */
  function since(seq: number) {
    if (seen === undefined || seq >= seen) return [];
    const first = recent.findIndex((r) => r.seq > seq);
    if (first < 0 || (first === 0 && recent[0]!.seq !== seq + 1 && recent[0]!.change !== null)) return undefined;
    return recent.slice(first);
  }

  async function poll(): Promise<number> {
    const from = seen ?? Number.MAX_SAFE_INTEGER;
    const rows = await db.query<{
      head: number;
      log: string;
      seq: number | null;
      states: SearchChange;
      listings: ChangedListing[] | null;
    }>(
      `select coalesce(h.seq, 0)::int8 as head, coalesce(h.log_id::text, '') as log, c.seq, c.states, c.listings
       from (select 1) as one left join search_change_head h on true
       left join search_changes c on c.seq > $1 and c.seq <= $1 + $2 order by c.seq`,
      [from, MAX_CHANGES_PER_POLL],
    );
    const head = rows[0]?.head ?? 0;
    // No head row yet is the start of whatever log comes first.
    const sameLog = log === rows[0]?.log || (log === '' && seen === 0);
    log = rows[0]?.log;
    if (seen === undefined || (sameLog && head === seen)) {
      seen = head;
      return seen;
    }
    const changes = rows.filter((r) => r.seq !== null);
    // A new log (an emptied database), pruned past us, or too far behind: nothing kept can be trusted.
    const complete = sameLog && head > seen && changes.length === head - seen && changes[0]?.seq === seen + 1;
    if (!complete) publish(head, null, null);
    else for (const { seq, states, listings } of changes) publish(seq!, states, listings);
    seen = head;
    return seen;
  }

  return {
    /** The head of the log once every change up to it has been handed to the caches. */
    sync(): Promise<number> {
      if (memo && memo.epoch === localEpoch && now() - memo.at < CHANGES_MAX_AGE_MS) return memo.seq;
      const seq = polling.then(poll);
      polling = seq.catch(() => {});
      memo = { seq, at: now(), epoch: localEpoch };
      seq.catch(() => {
        memo = undefined;
      });
      return seq;
    },
    /** The changes handed out after `seq`; undefined when they are no longer remembered. */
    changesSince: (seq: number): SearchChange[] | undefined => since(seq)?.map((r) => r.change),
    /**
     * The ids of the listings changed after `seq` (the head handed out before a read of listing rows),
     * or null when one of those changes may have changed any listing, or they are no longer remembered.
     */
    listingsChangedSince(seq: number | undefined): ReadonlySet<string>[] | null {
      const after = seq === undefined ? undefined : since(seq);
      if (after === undefined || after.some((r) => r.listings === null)) return null;
      return after.map((r) => r.listings!);
    },
    subscribe(listener: (change: SearchChange) => void) {
      listeners.add(listener);
    },
    /** Each change with its seq and the listings it changed, for an index that follows them one by one. */
    follow(index: (change: ListingsChange) => void) {
      indexes.add(index);
    },
    /** The last head handed out, if any. */
    seen: () => seen,
  };
}

/**
 * Answers kept in memory, keyed by the validated query, each with what it was
 * asked (`filter`). A change drops only the answers `affectedBy` says it can
 * have changed; `affectedBy(filter)` is asked once per answer computed, and
 * what it returns is asked of each change. An answer computed while a change
 * arrived that can affect it is given but not kept. Owner names come from the
 * users read model, which has no change log: they may lag by `ttlMs`.
 */
export function createSearchCache<F, T>(
  feed: SearchChangeFeed,
  {
    affectedBy,
    maxEntries = 2000,
    ttlMs = 30_000,
    now = () => Date.now(),
  }: {
    affectedBy: (filter: F) => (change: SearchChange) => boolean;
    maxEntries?: number;
    ttlMs?: number;
    now?: () => number;
  },
) {
  const entries = new Map<string, { affected: (change: SearchChange) => boolean; at: number; value: T }>();
  feed.subscribe((change) => {
    for (const [key, entry] of entries) if (entry.affected(change)) entries.delete(key);
  });
  return {
    async get(key: string, filter: F, compute: () => Promise<T>): Promise<T> {
      const seq = await feed.sync();
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) {
        // Map order is insertion order: re-inserting keeps the most used at the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = await compute();
      const since = feed.changesSince(seq);
      const affected = affectedBy(filter);
      if (since && !since.some(affected)) {
        entries.delete(key);
        entries.set(key, { affected, at: now(), value });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    clear: () => entries.clear(),
  };
}
