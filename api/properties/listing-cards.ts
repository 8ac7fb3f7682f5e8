import type { SqlClient } from '../../events/store/sql.ts';
import { toProperty, type PropertyReadRow, type Viewer } from './properties.read.ts';
import type { ListingsChange, SearchChangeFeed } from './search-cache.ts';
import { listingsInOrder } from './search.read.ts';

/** A live listing as search pages show it: its row, and its JSON per kind of viewer once written. */
export type ListingCard = { row: PropertyReadRow; json: Partial<Record<'visitor' | 'signedIn', string>> };

/** Changes remembered so that a row read while one of them arrived is not kept. */
const REMEMBERED = 256;

/**
 * The live listings that search pages show, kept in memory by id
 * (docs/decisions/260): a change of a listing, as the search change log names
 * it, drops that listing's card; a change that may touch anything drops all.
 * Owner names come from the users read model, which has no change log: a card
 * is kept at most `ttlMs`, as the answers are (docs/decisions/230).
 */
export function createListingCards(
  db: SqlClient,
  feed: SearchChangeFeed,
  { maxEntries = 20_000, ttlMs = 30_000, now = () => Date.now() } = {},
) {
  const cards = new Map<string, { card: ListingCard; at: number }>();
  /** The listings each change dropped, newest last, numbered by `dropped`. */
  const recent: (ReadonlySet<string> | null)[] = [];
  let dropped = 0;

  feed.follow(({ listings }: ListingsChange) => {
    const ids = listings && new Set(listings.map((l) => l.id));
    if (ids) for (const id of ids) cards.delete(id);
    else cards.clear();
    recent.push(ids);
    if (recent.length > REMEMBERED) recent.shift();
    dropped++;
  });

  /** Whether a row of `id` read since change number `from` may already be out of date. */
  const droppedSince = (from: number, id: string) => {
    const count = dropped - from;
    if (count === 0) return false;
    if (count > recent.length) return true;
    return recent.slice(-count).some((ids) => ids === null || ids.has(id));
  };

  return {
    /** The cards of `ids` in their order; a listing no longer live is left out. */
    async get(ids: readonly string[]): Promise<ListingCard[]> {
      const found = new Map<string, ListingCard>();
      const missing: string[] = [];
      for (const id of ids) {
        const kept = cards.get(id);
        if (kept && now() - kept.at < ttlMs) found.set(id, kept.card);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const from = dropped;
        for (const row of await listingsInOrder(db, missing)) {
          const card: ListingCard = { row, json: {} };
          found.set(row.id, card);
          if (droppedSince(from, row.id)) continue;
          cards.delete(row.id);
          cards.set(row.id, { card, at: now() });
          if (cards.size > maxEntries) cards.delete(cards.keys().next().value!);
        }
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}

/** A card's JSON for a viewer: written once per kind of viewer (only contact details differ between them). */
export function cardJson(card: ListingCard, user: Viewer): string {
  const viewer = user ? 'signedIn' : 'visitor';
  card.json[viewer] ??= JSON.stringify(toProperty(card.row, user));
  return card.json[viewer];
}
