import { amenityMask, monthlyEquivalent, type MONTHS_PER, searchCode } from '../../events/listing/listing-search.ts';
import { digitalAddressKey, normalisePlace, parseDigitalAddress } from '../../events/listing/places.policy.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { AdminListQuery, PricingPeriod, SearchQuery } from '../contract/properties.schema.ts';
import { PROPERTY_SELECT, type PropertyReadRow } from './properties.read.ts';

/** The period of price bounds given without one. */
const DEFAULT_PERIOD: PricingPeriod = 'month';

/** Totals are counted exactly up to this many; past it a search answers "TOTAL_CAP+" (docs/decisions/230). */
export const TOTAL_CAP = 1000;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A search's price bounds as monthly equivalents, the listings' being compared with them (ADR 170, 240):
 * both go through monthlyEquivalent, so a bound and a price written alike in one period are equal.
 */
export function monthlyBounds(q: Pick<SearchQuery, 'minPrice' | 'maxPrice' | 'timePeriod'>): {
  min?: number;
  max?: number;
} {
  const period: keyof typeof MONTHS_PER = q.timePeriod ?? DEFAULT_PERIOD;
  return {
    ...(q.minPrice !== undefined ? { min: monthlyEquivalent(q.minPrice, period) - 1e-9 } : {}),
    ...(q.maxPrice !== undefined ? { max: monthlyEquivalent(q.maxPrice, period) + 1e-9 } : {}),
  };
}

/**
 * The typed location as place names are compared (listing-search.ts); '' is "anywhere". A GhanaPost
 * GPS address is compared by its key, so it finds only that address, whole.
 */
export function placeQuery(q: Pick<SearchQuery, 'location'>): string {
  const typed = q.location ?? '';
  const digitalAddress = parseDigitalAddress(typed);
  return digitalAddress ? digitalAddressKey(digitalAddress) : normalisePlace(typed);
}

/** One index of listing_search per order (migration 0720), with the listing id as tie-break: no listing shows on two pages. */
const ORDER: Record<SearchQuery['sort'], { by: string; key: string }> = {
  newest: { by: 'created_at desc, listing_id desc', key: 'created_at' },
  price_asc: { by: 'monthly_equivalent asc, listing_id asc', key: 'monthly_equivalent' },
  price_desc: { by: 'monthly_equivalent desc, listing_id desc', key: 'monthly_equivalent' },
};

function filters(q: SearchQuery, param: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (q.propertyType) where.push(`property_type = ${param(searchCode('propertyType', q.propertyType))}`);
  if (q.category) where.push(`category = ${param(searchCode('category', q.category))}`);
  if (q.listingType) where.push(`listing_type = ${param(searchCode('listingType', q.listingType))}`);
  const { min, max } = monthlyBounds(q);
  if (min !== undefined) where.push(`monthly_equivalent >= ${param(min)}`);
  if (max !== undefined) where.push(`monthly_equivalent <= ${param(max)}`);
  if (q.bedrooms) where.push(`bedrooms >= ${param(q.bedrooms)}`);
  if (q.maxAdvanceRent !== undefined) where.push(`advance_rent_months <= ${param(q.maxAdvanceRent)}`);
  const mask = amenityMask(q.amenities ?? []);
  if (mask !== 0) where.push(`(amenities & ${param(mask)}) = ${param(mask)}`);
  return where;
}

/** The ids of the place names a typed location finds: those it starts; "anywhere" is the name ''. */
export type PlaceLookup = (place: string) => Promise<number[]>;

export const lookUpPlaces =
  (db: SqlClient): PlaceLookup =>
  async (place) => {
    const rows =
      place === ''
        ? await db.query<{ id: number }>(`select id from search_places where name = ''`)
        : await db.query<{ id: number }>('select id from search_places where name >= $1 and name < $2', [
            place,
            `${place}\u{10FFFF}`,
          ]);
    return rows.map((r) => r.id);
  };

/** Up to this many place names are merged in order; more (a prefix of one or two letters) are grouped and sorted. */
const MERGED_PLACES = 8;

/**
 * The ids of a search's matches in its order, up to `upTo`. One place name:
 * one index-only scan in order. A few: one per name, merged in order, a
 * listing found through two names kept once. Many: grouped, then sorted.
 */
function hitsQuery(q: SearchQuery, places: number[], upTo: number, param: (value: unknown) => string): string {
  const order = ORDER[q.sort];
  const where = filters(q, param);
  const and = where.map((w) => ` and ${w}`).join('');
  if (places.length === 1) {
    return `select listing_id from listing_search where place_id = ${param(places[0])}${and} order by ${order.by} limit ${param(upTo)}`;
  }
  if (places.length <= MERGED_PLACES) {
    const branches = places.map(
      (id) =>
        `(select ${order.key}, listing_id from listing_search where place_id = ${param(id)}${and} order by ${order.by})`,
    );
    return `select distinct on (${order.key}, listing_id) listing_id from (${branches.join(' union all ')}) as found order by ${order.by} limit ${param(upTo)}`;
  }
  return `select listing_id from listing_search where place_id = any(${param(places)}::int[])${and}
    group by listing_id, ${order.key} order by ${order.by} limit ${param(upTo)}`;
}

export type SearchAnswer = { rows: PropertyReadRow[]; total: number; totalIsExact: boolean };

/**
 * GET /api/properties/search: live listings only, in one statement after the
 * place lookup. Index-only scans of listing_search in the search's order give
 * the matches, counted up to TOTAL_CAP + 1; the page's rows come from
 * `properties` by id.
 */
export async function searchListings(
  db: SqlClient,
  q: SearchQuery,
  lookUp: PlaceLookup = lookUpPlaces(db),
  place = placeQuery(q),
): Promise<SearchAnswer> {
  const places = await lookUp(place);
  if (places.length === 0) return { rows: [], total: 0, totalIsExact: true };
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const offset = (q.page - 1) * q.limit;
  // Counted up to one past the cap or past this page, whichever is further: one more row says there is more.
  const upTo = Math.max(TOTAL_CAP + 1, offset + q.limit + 1);
  const hits = hitsQuery(q, places, upTo, param);
  const found = await db.query<PropertyReadRow & { total: number }>(
    `with hits as materialized (${hits}),
       page as (select (select count(*) from hits)::int8 as total, array(select listing_id from hits offset ${param(offset)} limit ${param(q.limit)}) as ids)
     select page.total, listing.* from page
       left join lateral (${PROPERTY_SELECT} where p.id = any(page.ids)) as listing on true
     order by array_position(page.ids, listing.id)`,
    params,
  );
  const counted = found[0]?.total ?? 0;
  // An empty page is one row of nulls beside the total.
  const rows: PropertyReadRow[] = found[0]?.id == null ? [] : found;
  const totalIsExact = counted < upTo;
  return { rows, total: totalIsExact ? counted : upTo - 1, totalIsExact };
}

/**
 * The rows of a page the search index found, in its order. A listing that
 * stopped being live since the index was current is left out: the page is one
 * short until the change reaches the index (at most CHANGES_MAX_AGE_MS).
 */
export async function listingsInOrder(db: SqlClient, ids: string[]): Promise<PropertyReadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<PropertyReadRow>(`${PROPERTY_SELECT} where p.id = any($1::uuid[]) and p.is_live`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Page = { rows: PropertyReadRow[]; total: number };

async function page(
  db: SqlClient,
  where: string[],
  params: unknown[],
  order: string,
  pageNo: number,
  limit: number,
): Promise<Page> {
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const n = params.length;
  const [rows, counted] = await Promise.all([
    db.query<PropertyReadRow>(`${PROPERTY_SELECT} ${clause} order by ${order} limit $${n + 1} offset $${n + 2}`, [
      ...params,
      limit,
      (pageNo - 1) * limit,
    ]),
    db.query<{ total: number }>(
      `select count(*)::int8 as total from properties p left join users u on u.id = p.owner_id ${clause}`,
      params,
    ),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** GET /api/admin/properties: every listing not deleted, filtered by status and text. */
export function adminListProperties(db: SqlClient, q: AdminListQuery): Promise<Page> {
  const where = ['not p.deleted'];
  const params: unknown[] = [];
  const status: Record<AdminListQuery['status'], string | undefined> = {
    all: undefined,
    // "Active" means live: what the public sees, and what the Featured tab may pick from.
    active: 'p.is_live',
    inactive: 'not p.is_active',
    verified: 'p.is_verified',
    unverified: 'not p.is_verified',
  };
  const condition = status[q.status];
  if (condition) where.push(condition);
  if (q.search) {
    params.push(likePattern(q.search));
    where.push(`(lower(p.title) like $1 or p.search_text like $1 or lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) like $1
      or lower(coalesce(u.business_name, '')) like $1 or lower(coalesce(u.email, '')) like $1)`);
  }
  return page(db, where, params, 'p.created_at desc, p.id desc', q.page, q.limit);
}
