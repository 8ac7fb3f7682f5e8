import type { SqlClient } from '../../events/store/sql.ts';
import type { AdminReportsQuery, ReportedListing } from '../contract/reports.schema.ts';
import { isoOrNull, jsonRows } from '../db/row-values.ts';

type Row = {
  listing_id: string;
  title: string | null;
  city: string | null;
  owner_id: string | null;
  owner_name: string | null;
  held: boolean;
  reports: ReportRow[] | string;
};
type ReportRow = {
  id: string;
  reason: string;
  note: string;
  reporter_id: string;
  reporter_name: string | null;
  reported_at: string;
  status: 'open' | 'resolved';
  action: string | null;
  resolved_at: string | null;
};

/**
 * The admins' queue: listings with open reports, those the reports hold (hidden) first, then the
 * most reported, then the longest waiting; or, for `resolved`, listings by their latest resolution.
 * Each with its reports of that status, oldest first.
 */
export async function listReportedListings(
  db: SqlClient,
  q: AdminReportsQuery,
): Promise<{ listings: ReportedListing[]; total: number }> {
  const order =
    q.status === 'open'
      ? 'bool_or(r.held) desc, count(*) desc, min(r.reported_at) asc, r.listing_id'
      : 'max(r.resolved_at) desc, r.listing_id';
  const rows = await db.query<Row>(
    `with page as (
       select r.listing_id, bool_or(r.held) as held, row_number() over (order by ${order}) as n
       from listing_reports r where r.status = $1
       group by r.listing_id order by ${order} limit $2 offset $3)
     select page.listing_id, page.held, p.title, p.city, p.owner_id,
       nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') as owner_name,
       (select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note, 'reporter_id', r.reporter_id,
          'reporter_name', nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
          'reported_at', r.reported_at, 'status', r.status, 'action', r.action, 'resolved_at', r.resolved_at)
          order by r.reported_at, r.id)
        from listing_reports r left join users u on u.id = r.reporter_id
        where r.listing_id = page.listing_id and r.status = $1) as reports
     from page left join properties p on p.id = page.listing_id left join users o on o.id = p.owner_id
     order by page.n`,
    [q.status, q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(
    'select count(distinct listing_id)::int as total from listing_reports where status = $1',
    [q.status],
  );
  return { listings: rows.map(toReportedListing), total: count?.total ?? 0 };
}

const toReportedListing = (r: Row): ReportedListing => ({
  listingId: r.listing_id,
  title: r.title,
  city: r.city,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  held: r.held,
  reports: jsonRows(r.reports).map((report) => ({
    id: report.id,
    reason: report.reason,
    note: report.note,
    reporterId: report.reporter_id,
    reporterName: report.reporter_name,
    reportedAt: isoOrNull(report.reported_at)!,
    status: report.status,
    action: report.action,
    resolvedAt: isoOrNull(report.resolved_at),
  })),
});

/**
 * The people whose reports a resolution closed, with where to tell them: a listing's reports or a
 * conversation's (both tables have the report's `id` and its `reporter_id`).
 */
export async function reportersOf(
  db: SqlClient,
  reportIds: readonly string[],
  reports: 'listing_reports' | 'conversation_reports' = 'listing_reports',
): Promise<{ email: string | null; phone: string | null }[]> {
  return db.query(
    `select distinct u.id, u.email, u.phone from ${reports} r join users u on u.id = r.reporter_id
     where r.id = any($1::uuid[])`,
    [reportIds],
  );
}
