import type { SqlClient } from '../../events/store/sql.ts';
import { toProperty, type PropertyReadRow, type Viewer } from './properties.read.ts';
import type { ListingsChange, SearchChangeFeed } from './search-cache.ts';
import { listingsInOrder } from './search.read.ts';

/**
 * A live listing as search pages show it, written once as UTF-8 JSON: `head` is a visitor's JSON
 * without its closing brace, `contact` what a signed-in caller sees besides (the owner's e-mail
 * and phone, the last fields toProperty writes). Bytes, not the row: a card takes about 1.7 KB
 * (the row and its JSON took 3.4 KB), and a page is sent without encoding its text again.
 */
export type ListingCard = { id: string; head: Buffer; contact: Buffer };

const CLOSE = Buffer.from('}');
const COMMA = Buffer.from(',');
/** Any signed-in caller who is neither the owner nor an admin: on a live listing, all of them see the contact details. */
const SIGNED_IN: Viewer = { id: '', isAdmin: false };

/** A live listing's card, from its read-model row. */
export function cardOf(row: PropertyReadRow): ListingCard {
  const visitor = JSON.stringify(toProperty(row, null));
  const signedIn = JSON.stringify(toProperty(row, SIGNED_IN));
  const head = visitor.slice(0, -1);
  if (!signedIn.startsWith(head) || !signedIn.endsWith('}'))
    throw new Error('toProperty must write the contact details last (listing-cards.ts)');
  return { id: row.id, head: Buffer.from(head), contact: Buffer.from(signedIn.slice(head.length, -1)) };
}

/** A search page's body, as JSON.stringify would write it: the cards for this viewer, then the page's figures. */
export function pageBody(
  cards: readonly ListingCard[],
  viewer: Viewer,
  figures: Record<string, unknown>,
): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from('{"properties":[')];
  cards.forEach((card, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(card.head);
    if (viewer) parts.push(card.contact);
    parts.push(CLOSE);
  });
  const rest = JSON.stringify(figures).slice(1);
  parts.push(Buffer.from(rest === '}' ? ']}' : `],${rest}`));
  return Buffer.concat(parts);
}

/**
 * The live listings that search pages show, kept in memory by id
 * (docs/decisions/260), every one of them up to `maxEntries` (100,000 cards, about 170 MB): a change of a listing, as the search change log names
 * it, drops that listing's card; a change that may touch anything drops all.
 * Owner names come from the users read model, which has no change log: a card
 * is kept at most `ttlMs`, as the answers are (docs/decisions/230).
 */
export function createListingCards(
  db: SqlClient,
  feed: SearchChangeFeed,
  { maxEntries = 100_000, ttlMs = 30_000, now = () => Date.now() } = {},
) {
  const cards = new Map<string, { card: ListingCard; at: number }>();

  feed.follow(({ listings }: ListingsChange) => {
    if (listings) for (const { id } of listings) cards.delete(id);
    else cards.clear();
  });

  return {
    /** The cards of `ids` in their order; a listing no longer live is left out. */
    async get(ids: readonly string[]): Promise<ListingCard[]> {
      const found = new Map<string, ListingCard>();
      const missing: string[] = [];
      const asked = now();
      for (const id of ids) {
        const kept = cards.get(id);
        if (kept && asked - kept.at < ttlMs) found.set(id, kept.card);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const before = feed.seen();
        const rows = await listingsInOrder(db, missing);
        const read = now();
        // A row read while a change of it arrived may be out of date already: given, not kept.
        const changed = feed.listingsChangedSince(before);
        for (const row of rows) {
          const card = cardOf(row);
          found.set(row.id, card);
          if (changed === null || changed.some((ids) => ids.has(row.id))) continue;
          cards.delete(row.id);
          cards.set(row.id, { card, at: read });
          if (cards.size > maxEntries) cards.delete(cards.keys().next().value!);
        }
      }
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}
