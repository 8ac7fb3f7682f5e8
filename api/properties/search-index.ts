import { MAX_ADVANCE_RENT_FILTER } from '../../events/listing/advance-rent.policy.ts';
import { amenityMask, searchCode, type SearchState } from '../../events/listing/listing-search.ts';
import type { SearchQuery } from '../contract/properties.schema.ts';
import { monthlyBounds, TOTAL_CAP } from './search.read.ts';

/** A live listing as the index takes it: what search filters and sorts on, as listing_search's columns hold it. */
export type IndexedListing = {
  id: string;
  /** Creation time in milliseconds (listings are created from events' times, which have no finer part). */
  at: number;
  price: number;
  propertyType: number;
  category: number;
  listingType: number;
  bedrooms: number;
  amenities: number;
  /** Months of rent asked up front, null when not said. */
  advanceRent: number | null;
  names: readonly string[];
};

export const indexedListing = (id: string, createdAt: string | number, state: SearchState): IndexedListing => ({
  id,
  at: typeof createdAt === 'number' ? createdAt : Date.parse(createdAt),
  price: state.monthlyEquivalent,
  propertyType: searchCode('propertyType', state.propertyType),
  category: searchCode('category', state.category),
  listingType: searchCode('listingType', state.listingType),
  bedrooms: state.bedrooms,
  amenities: state.amenities,
  // A change logged before advance rent was searched for has none: not said.
  advanceRent: state.advanceRentMonths ?? null,
  names: state.names,
});

/** The first position in `sorted` where `item` is not before it. */
function lowerBound<T>(sorted: ArrayLike<T>, item: T, before: (a: T, b: T) => boolean, length = sorted.length): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(sorted[mid]!, item)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Up to this many place names are merged in order; a prefix that finds more marks its listings and walks them all. */
const MERGED_PLACES = 8;
const ANY = -1;
/**
 * Entries a search may read before it is given up and sent to the database:
 * a walk blocks every other request of the process while it runs, and the
 * database can run the few long ones on other cores (docs/decisions/260).
 */
export const WALK_BUDGET = 50_000;
/** Reading one entry costs about this fraction of a comparison in a sort: a few matches are sorted rather than walked for. */
const SORT_COST_PER_MATCH = 8;

/**
 * A listing's filter columns in one integer: type, category and listing type
 * (their codes plus one, so "none" is 0), bedrooms (at most MAX_BEDROOMS: a
 * search asks for at most 100), the amenities' bits (12 of them, bits 15–26)
 * and the advance rent in the top five bits: the months up to MAX_ADVANCE_RENT_FILTER,
 * one value for any more (no filter finds them), and NO_ADVANCE_RENT for "not said".
 */
const TYPE_BITS = 0b111;
const CATEGORY_BITS = 0b111 << 3;
const LISTING_BITS = 0b11 << 6;
const BEDROOMS_SHIFT = 8;
const MAX_BEDROOMS = 127;
const AMENITIES_SHIFT = 15;
const ADVANCE_SHIFT = 27;
const NO_ADVANCE_RENT = 0b11111;
const ABOVE_ANY_FILTER = MAX_ADVANCE_RENT_FILTER + 1;

const advanceCode = (months: number | null) => (months === null ? NO_ADVANCE_RENT : Math.min(months, ABOVE_ANY_FILTER));

export const filterCode = (
  l: Pick<IndexedListing, 'propertyType' | 'category' | 'listingType' | 'bedrooms' | 'amenities' | 'advanceRent'>,
): number =>
  (l.propertyType + 1) |
  ((l.category + 1) << 3) |
  ((l.listingType + 1) << 6) |
  (Math.min(l.bedrooms, MAX_BEDROOMS) << BEDROOMS_SHIFT) |
  (l.amenities << AMENITIES_SHIFT) |
  (advanceCode(l.advanceRent) << ADVANCE_SHIFT);

/**
 * One place name's listings in one order: their slots, and their codes and prices beside them for
 * a walk in sequence, in typed arrays with room to grow (the first `length` entries hold them).
 * Typed, not JS arrays: half the memory, and nothing for the garbage collector to trace.
 */
type Sorted = { slots: Int32Array; codes: Int32Array; prices: Float64Array; length: number };
const sorted = (capacity = 0): Sorted => ({
  slots: new Int32Array(capacity),
  codes: new Int32Array(capacity),
  prices: new Float64Array(capacity),
  length: 0,
});

function removeAt(list: Sorted, i: number) {
  list.slots.copyWithin(i, i + 1, list.length);
  list.codes.copyWithin(i, i + 1, list.length);
  list.prices.copyWithin(i, i + 1, list.length);
  list.length--;
}

/** Room for one more entry at `i`: the entries from `i` on moved up one (and the arrays widened when full). */
function openAt(list: Sorted, i: number) {
  if (list.length === list.slots.length) {
    const wider = sorted(list.length + (list.length >> 1) + 4);
    wider.slots.set(list.slots);
    wider.codes.set(list.codes);
    wider.prices.set(list.prices);
    list.slots = wider.slots;
    list.codes = wider.codes;
    list.prices = wider.prices;
  }
  list.slots.copyWithin(i + 1, i, list.length);
  list.codes.copyWithin(i + 1, i, list.length);
  list.prices.copyWithin(i + 1, i, list.length);
  list.length++;
}

type Posting = { newest: Sorted; cheapest: Sorted; byType: Sorted[] };
const posting = (): Posting => ({ newest: sorted(), cheapest: sorted(), byType: [] });
const EMPTY: Sorted = sorted();

export type IndexAnswer = { ids: string[]; total: number; totalIsExact: boolean };

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/**
 * listing_search (migration 0720, docs/decisions/230) held in memory
 * (docs/decisions/260): each live listing is a slot in a set of columns, and
 * each place name holds its listings' slots in both of search's orders
 * (newest first; cheapest first, walked backwards for price_desc), the id
 * breaking ties as in the SQL. The names are kept in byte order for the prefix
 * lookup. Pure: what to hold comes from search-index-replica.ts. `find`
 * answers what searchListings' SQL answers: the page's ids and the total
 * counted up to TOTAL_CAP + 1.
 */
export function createSearchIndex() {
  let capacity = 0;
  let ids: string[] = [];
  let names: (readonly string[])[] = [];
  let at = new Float64Array(0);
  let price = new Float64Array(0);
  /** The filter columns packed into one small integer per listing (filterCode). */
  let codes = new Int32Array(0);
  /** A search's mark on the slots of its names (a prefix of many names), told apart by the search's number. */
  let marks = new Uint32Array(0);
  let markNo = 0;
  const slots = new Map<string, number>();
  const free: number[] = [];
  /**
   * Per place name: its listings newest first and cheapest first, and cheapest first by property
   * type (indexed by the type's bits of the code: its code plus one), so that a search for one type
   * counts and pages that type's listings alone.
   */
  const postings = new Map<string, Posting>();
  /** Every place name that has a listing, in byte order (as the SQL's `name >= $1 and name < $1 || U+10FFFF`). */
  const sortedNames: string[] = [];

  const newer = (a: number, b: number) => at[a]! > at[b]! || (at[a] === at[b] && ids[a]! > ids[b]!);
  const cheaper = (a: number, b: number) => price[a]! < price[b]! || (price[a] === price[b] && ids[a]! < ids[b]!);
  const byText = (a: string, b: string) => a < b;

  function grow(to: number) {
    const widen = <A extends Float64Array | Int8Array | Int16Array | Int32Array | Uint32Array>(
      old: A,
      make: (n: number) => A,
    ) => {
      const wider = make(to);
      wider.set(old);
      return wider;
    };
    at = widen(at, (n) => new Float64Array(n));
    price = widen(price, (n) => new Float64Array(n));
    codes = widen(codes, (n) => new Int32Array(n));
    marks = widen(marks, (n) => new Uint32Array(n));
    capacity = to;
  }

  function place(listing: IndexedListing): number {
    const slot = free.pop() ?? slots.size;
    if (slot >= capacity) grow(Math.max(1024, capacity * 2));
    slots.set(listing.id, slot);
    ids[slot] = listing.id;
    names[slot] = listing.names;
    at[slot] = listing.at;
    price[slot] = listing.price;
    codes[slot] = filterCode(listing);
    return slot;
  }

  const insert = (list: Sorted, slot: number, before: (a: number, b: number) => boolean) => {
    const i = lowerBound(list.slots, slot, before, list.length);
    openAt(list, i);
    list.slots[i] = slot;
    list.codes[i] = codes[slot]!;
    list.prices[i] = price[slot]!;
  };
  const ordered = (under: number[], before: (a: number, b: number) => boolean): Sorted => {
    const list = sorted(under.length);
    list.slots.set(under);
    list.slots.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    list.length = under.length;
    list.slots.forEach((slot, i) => {
      list.codes[i] = codes[slot]!;
      list.prices[i] = price[slot]!;
    });
    return list;
  };

  function add(listing: IndexedListing) {
    const slot = place(listing);
    for (const name of listing.names) {
      let lists = postings.get(name);
      if (!lists) {
        lists = posting();
        postings.set(name, lists);
        sortedNames.splice(lowerBound(sortedNames, name, byText), 0, name);
      }
      insert(lists.newest, slot, newer);
      insert(lists.cheapest, slot, cheaper);
      const type = codes[slot]! & TYPE_BITS;
      lists.byType[type] ??= sorted();
      insert(lists.byType[type], slot, cheaper);
    }
  }

  function remove(id: string) {
    const slot = slots.get(id);
    if (slot === undefined) return;
    for (const name of names[slot]!) {
      const lists = postings.get(name)!;
      const ofType = lists.byType[codes[slot]! & TYPE_BITS]!;
      removeAt(lists.newest, lowerBound(lists.newest.slots, slot, newer, lists.newest.length));
      removeAt(lists.cheapest, lowerBound(lists.cheapest.slots, slot, cheaper, lists.cheapest.length));
      removeAt(ofType, lowerBound(ofType.slots, slot, cheaper, ofType.length));
      if (lists.newest.length === 0) {
        postings.delete(name);
        sortedNames.splice(lowerBound(sortedNames, name, byText), 1);
      }
    }
    slots.delete(id);
    free.push(slot);
  }

  /** The names a typed location (normalised) starts; '' is "anywhere", the name every live listing has. */
  function namesStartedBy(typed: string): string[] {
    if (typed === '') return postings.has('') ? [''] : [];
    const found: string[] = [];
    for (
      let i = lowerBound(sortedNames, typed, byText);
      i < sortedNames.length && sortedNames[i]!.startsWith(typed);
      i++
    )
      found.push(sortedNames[i]!);
    return found;
  }

  return {
    /**
     * Empties the index for a load: listings are then added in any order and
     * put in order once, at `end()` (sorting each name's list once is far
     * cheaper than inserting in order one by one).
     */
    reload() {
      slots.clear();
      free.length = 0;
      postings.clear();
      sortedNames.length = 0;
      ids = [];
      names = [];
      capacity = 0;
      grow(1024);
      // One string per name, however many listings have it (a load reads a copy per row).
      const byName = new Map<string, { name: string; under: number[] }>();
      return {
        add(listing: IndexedListing) {
          const slot = place(listing);
          names[slot] = listing.names.map((name) => {
            let entry = byName.get(name);
            if (!entry) {
              entry = { name, under: [] };
              byName.set(name, entry);
            }
            entry.under.push(slot);
            return entry.name;
          });
        },
        end() {
          for (const [name, { under }] of byName) {
            const ofType: number[][] = [];
            for (const slot of under) {
              const type = codes[slot]! & TYPE_BITS;
              ofType[type] ??= [];
              ofType[type].push(slot);
            }
            postings.set(name, {
              newest: ordered(under, newer),
              cheapest: ordered(under, cheaper),
              byType: ofType.map((slotsOfType) => ordered(slotsOfType, cheaper)),
            });
          }
          for (const name of [...byName.keys()].sort()) sortedNames.push(name);
        },
      };
    },
    /** Replaces what the index holds. */
    reset(all: readonly IndexedListing[]) {
      const load = this.reload();
      for (const listing of all) load.add(listing);
      load.end();
    },
    /** A listing as it is now: `undefined` when it is no longer live. */
    put(id: string, listing: IndexedListing | undefined) {
      remove(id);
      if (listing) add(listing);
    },
    size: () => slots.size,
    /**
     * The search's page of ids and its total, as searchListings' SQL answers
     * them; undefined when answering would read more than `budget` entries.
     */
    find(q: SearchQuery, typed: string, budget = WALK_BUDGET): IndexAnswer | undefined {
      const found = namesStartedBy(typed);
      /** Entries still to be read before the search is given up (`over`): it goes to the database instead. */
      let left = budget;
      let over = false;
      const spend = (entries: number) => {
        left -= entries;
        over = left < 0;
        return !over;
      };
      const offset = (q.page - 1) * q.limit;
      const end = offset + q.limit;
      const upTo = Math.max(TOTAL_CAP + 1, end + 1);
      const want = filterCode({
        propertyType: q.propertyType ? searchCode('propertyType', q.propertyType) : ANY,
        category: q.category ? searchCode('category', q.category) : ANY,
        listingType: q.listingType ? searchCode('listingType', q.listingType) : ANY,
        bedrooms: 0,
        amenities: 0,
        advanceRent: null,
      });
      // The equality filters asked for: their bits of the code, and the value they must hold.
      const equalMask =
        (q.propertyType ? TYPE_BITS : 0) | (q.category ? CATEGORY_BITS : 0) | (q.listingType ? LISTING_BITS : 0);
      const equal = want & equalMask;
      const { min = -Infinity, max = Infinity } = monthlyBounds(q);
      const mask = amenityMask(q.amenities ?? []);
      const fewest = q.bedrooms ?? 0;
      // Without the filter every code passes, "not said" included.
      const mostAdvance = q.maxAdvanceRent ?? NO_ADVANCE_RENT;
      /** Whether a listing's code and price pass the search's filters. */
      const passes = (code: number, p: number) =>
        (code & equalMask) === equal &&
        p >= min &&
        p <= max &&
        ((code >>> BEDROOMS_SHIFT) & MAX_BEDROOMS) >= fewest &&
        ((code >>> AMENITIES_SHIFT) & mask) === mask &&
        code >>> ADVANCE_SHIFT <= mostAdvance;
      const page: string[] = [];
      let counted = 0;
      /** Counts a listing that passed; false once enough are counted. */
      const take = (slot: number): boolean => {
        counted++;
        if (counted > offset && counted <= end) page.push(ids[slot]!);
        return counted < upTo;
      };
      const listOf = (name: string) => {
        const posting = postings.get(name)!;
        return q.sort === 'newest' ? posting.newest : posting.cheapest;
      };
      const backwards = q.sort === 'price_desc';
      /** Walks a list in the search's order, reading its codes and prices in sequence; with `only`, the slots marked with it. */
      const walk = ({ slots: list, codes: listCodes, prices, length }: Sorted, only = 0, from = 0, to = length) => {
        const step = backwards ? -1 : 1;
        for (let i = backwards ? to - 1 : from; i >= from && i < to; i += step) {
          if (--left < 0) {
            over = true;
            return;
          }
          if (!passes(listCodes[i]!, prices[i]!)) continue;
          if (only !== 0 && marks[list[i]!] !== only) continue;
          if (!take(list[i]!)) return;
        }
      };
      /** The page and the total of `matches` listings in order, the listing of each rank given by `at`: nothing read but the page. */
      const takeRanks = (matches: number, at: (rank: number) => number) => {
        counted = Math.min(matches, upTo);
        for (let rank = offset; rank < Math.min(end, counted); rank++) page.push(ids[at(rank)]!);
      };
      /**
       * The page alone, from a list in the search's order: its first `wanted` matches walked, at most
       * `limit` entries. False (and no page) when the limit came first.
       */
      const pageOf = (
        { slots: list, codes: listCodes, prices, length }: Sorted,
        wanted: number,
        limit: number,
      ): boolean => {
        let matches = 0;
        let i = 0;
        // Past the search's budget too: then `over` is set, and the search goes to the database.
        const stop = Math.min(limit, left + 1);
        for (; i < length && matches < wanted; i++) {
          if (i >= stop) {
            page.length = 0;
            spend(i);
            return false;
          }
          if (!passes(listCodes[i]!, prices[i]!)) continue;
          if (matches++ >= offset) page.push(ids[list[i]!]!);
        }
        spend(i);
        return true;
      };
      if (found.length === 1) {
        const { newest, cheapest, byType } = postings.get(found[0]!)!;
        // One type asked for: its own cheapest-first list is counted and paged, its other listings never read.
        const counting = q.propertyType ? (byType[want & TYPE_BITS] ?? EMPTY) : cheapest;
        // A price band is a range of the cheapest-first list, found by bisection.
        const from = min === -Infinity ? 0 : lowerBound(counting.prices, min, (p, bound) => p < bound, counting.length);
        const to =
          max === Infinity
            ? counting.length
            : lowerBound(counting.prices, max, (p, bound) => p <= bound, counting.length);
        // No filter but the price and the type: every listing of the band matches, so it is counted by its size, unread.
        const bandOnly = (equalMask & ~TYPE_BITS) === 0 && fewest === 0 && mask === 0 && q.maxAdvanceRent === undefined;
        if (q.sort !== 'newest') {
          if (bandOnly)
            takeRanks(to - from, (rank) => (backwards ? counting.slots[to - 1 - rank]! : counting.slots[from + rank]!));
          else walk(counting, 0, from, to);
        } else if (counting === cheapest && from === 0 && to === cheapest.length) {
          if (bandOnly) takeRanks(to, (rank) => newest.slots[rank]!);
          else walk(newest);
        } else {
          // Newest first in a band (or of one type): the band counted in price order, the page found apart.
          const matched: number[] = [];
          if (bandOnly) counted = Math.min(to - from, upTo);
          else {
            // Read until enough are counted, or past the budget (then `over` is set).
            const stop = Math.min(to, from + left + 1);
            let i = from;
            for (; i < stop && counted < upTo; i++)
              if (passes(counting.codes[i]!, counting.prices[i]!)) {
                counted++;
                matched.push(counting.slots[i]!);
              }
            spend(i - from);
          }
          const wanted = Math.min(end, counted);
          // The newest list walked until the page is found; a few matches are sorted instead
          // when the walk would read more than sorting them costs (or they are all old ones).
          const sortCost = counted < upTo ? Math.max(64, counted * SORT_COST_PER_MATCH) : Number.POSITIVE_INFINITY;
          if (!over && !pageOf(newest, wanted, sortCost) && spend(counted)) {
            const band = bandOnly ? Array.from(counting.slots.subarray(from, to)) : matched;
            band.sort((a, b) => (newer(a, b) ? -1 : 1));
            for (let rank = offset; rank < wanted; rank++) page.push(ids[band[rank]!]!);
          }
        }
      } else if (found.length > MERGED_PLACES) {
        // A prefix of a letter or two: its names' listings marked, then every listing walked in order.
        const only = ++markNo;
        if (spend(found.reduce((sum, name) => sum + postings.get(name)!.newest.length, 0))) {
          for (const name of found) {
            const { slots: list, length } = postings.get(name)!.newest;
            for (let i = 0; i < length; i++) marks[list[i]!] = only;
          }
          walk(listOf(''), only);
        }
      } else if (found.length > 1) {
        // A few names: merged in order; a listing under two of them comes out twice in a row, and is taken once.
        const lists = found.map((name) => listOf(name).slots.subarray(0, listOf(name).length));
        const heads = lists.map((list) => (backwards ? list.length - 1 : 0));
        const first = q.sort === 'newest' ? newer : backwards ? (a: number, b: number) => cheaper(b, a) : cheaper;
        let last = -1;
        for (;;) {
          let best = -1;
          for (let k = 0; k < lists.length; k++) {
            const slot = lists[k]![heads[k]!];
            if (slot !== undefined && (best < 0 || first(slot, lists[best]![heads[best]!]!))) best = k;
          }
          if (best < 0 || !spend(1)) break;
          const slot = lists[best]![heads[best]!]!;
          heads[best]! += backwards ? -1 : 1;
          if (slot !== last && passes(codes[slot]!, price[slot]!) && !take(slot)) break;
          last = slot;
        }
      }
      if (over) return undefined;
      const totalIsExact = counted < upTo;
      return { ids: page, total: totalIsExact ? counted : upTo - 1, totalIsExact };
    },
  };
}
