import type { SqlClient } from '../../events/store/sql.ts';
import type { AdminReview, AdminReviewsQuery } from '../contract/reviews.schema.ts';
import { REVIEW_COLUMNS, type ReviewRow, removalOf, toReview } from './reviews.read.ts';

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const STATUS: Record<AdminReviewsQuery['status'], string | undefined> = {
  all: undefined,
  live: 'r.removed_at is null',
  removed: 'r.removed_at is not null',
};

/**
 * The admins' list of reviews (issue 34, docs/decisions/410), newest first: live, removed or all,
 * and with `q` only those whose listing's title or text holds it.
 */
export async function adminReviews(
  db: SqlClient,
  q: AdminReviewsQuery,
): Promise<{ reviews: AdminReview[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const status = STATUS[q.status];
  if (status) where.push(status);
  if (q.q) {
    params.push(likePattern(q.q));
    where.push(`(lower(coalesce(p.title, '')) like $${params.length} or lower(r.text) like $${params.length})`);
  }
  const from = `from reviews r left join users u on u.id = r.renter_id left join properties p on p.id = r.listing_id
    ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`;
  const rows = await db.query<ReviewRow & { listing_title: string | null; reviewer_name: string | null }>(
    `select ${REVIEW_COLUMNS}, p.title as listing_title,
       nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as reviewer_name
     ${from} order by r.written_at desc, r.id limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total ${from}`, params);
  return {
    reviews: rows.map((r) => ({
      ...toReview(r),
      listingTitle: r.listing_title,
      reviewerName: r.reviewer_name,
      removed: removalOf(r),
    })),
    total: count?.total ?? 0,
  };
}
