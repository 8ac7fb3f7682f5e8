import type { SqlClient } from '../../events/store/sql.ts';
import type { AdminListQuery, PricingPeriod, SearchQuery } from '../contract/properties.schema.ts';
import { PROPERTY_SELECT, type PropertyReadRow } from './properties.read.ts';

/** What one unit of a period is in months: price bounds and listings' prices are compared per month. */
const MONTHS_PER: Record<PricingPeriod, number> = { week: 12 / 52, month: 1, year: 12 };

/** The period of price bounds given without one. */
const DEFAULT_PERIOD: PricingPeriod = 'month';

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const ORDER: Record<SearchQuery['sort'], string> = {
  newest: 'p.created_at desc, p.id desc',
  price_asc: 'p.monthly_price asc, p.id asc',
  price_desc: 'p.monthly_price desc, p.id desc',
};

type Page = { rows: PropertyReadRow[]; total: number };

async function page(db: SqlClient, where: string[], params: unknown[], order: string, pageNo: number, limit: number): Promise<Page> {
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const n = params.length;
  const [rows, counted] = await Promise.all([
    db.query<PropertyReadRow>(`${PROPERTY_SELECT} ${clause} order by ${order} limit $${n + 1} offset $${n + 2}`, [
      ...params,
      limit,
      (pageNo - 1) * limit,
    ]),
    db.query<{ total: number }>(`select count(*)::int8 as total from properties p left join users u on u.id = p.owner_id ${clause}`, params),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

function searchFilter(q: SearchQuery) {
  const where = ['p.is_live'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q.location) where.push(`p.search_text like ${param(likePattern(q.location))}`);
  if (q.propertyType) where.push(`p.property_type = ${param(q.propertyType)}`);
  if (q.category) where.push(`p.category = ${param(q.category)}`);
  if (q.listingType) where.push(`p.listing_type = ${param(q.listingType)}`);
  // Both sides become per-month amounts. Bounds without a period are a month's (spec: the
  // period defaults to months; the search form shows "Monthly"), ADR 170.
  const factor = 1 / MONTHS_PER[q.timePeriod ?? DEFAULT_PERIOD];
  if (q.minPrice !== undefined) where.push(`p.monthly_price >= ${param(q.minPrice * factor - 1e-9)}`);
  if (q.maxPrice !== undefined) where.push(`p.monthly_price <= ${param(q.maxPrice * factor + 1e-9)}`);
  if (q.bedrooms) where.push(`p.bedrooms >= ${param(q.bedrooms)}`);
  if (q.amenities && q.amenities.length > 0) where.push(`p.amenities @> ${param(q.amenities)}::text[]`);
  return { where, params };
}

/** What decides a search's total: the filters, not the page, page size or order. */
export const searchFilterKey = ({ page: _p, limit: _l, sort: _s, ...filters }: SearchQuery) => JSON.stringify(filters);

/**
 * GET /api/properties/search: live listings only; every filter an index can
 * serve (migration 0200); a stable order with the id as tie-break, so no
 * listing shows on two pages.
 */
export function searchPage(db: SqlClient, q: SearchQuery): Promise<PropertyReadRow[]> {
  const { where, params } = searchFilter(q);
  const n = params.length;
  return db.query<PropertyReadRow>(
    `${PROPERTY_SELECT} where ${where.join(' and ')} order by ${ORDER[q.sort]} limit $${n + 1} offset $${n + 2}`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
}

export async function searchTotal(db: SqlClient, q: SearchQuery): Promise<number> {
  const { where, params } = searchFilter(q);
  const [row] = await db.query<{ total: number }>(`select count(*)::int8 as total from properties p where ${where.join(' and ')}`, params);
  return row?.total ?? 0;
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
