import type { SqlClient } from '../../events/store/sql.ts';
import type { MyReview, Review } from '../contract/reviews.schema.ts';

/** The newest reviews of a listing shown on its page. */
export const LISTED_REVIEWS_MAX = 50;

/** A row of `reviews` with its author's first name, as the queries below select it. */
export type ReviewRow = {
  id: string;
  listing_id: string;
  rating: number;
  text: string;
  author: string;
  written_at: Date;
  answer: string | null;
  answered_at: Date | null;
  removed_at: Date | null;
  removed_reason: string | null;
};

/** The columns of ReviewRow, from `reviews r` joined with the renter as `u`. */
export const REVIEW_COLUMNS = `r.id, r.listing_id, r.rating, r.text,
  coalesce(nullif(trim(u.first_name), ''), 'A renter') as author, r.written_at, r.answer, r.answered_at,
  r.removed_at, r.removed_reason`;

export const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  listingId: r.listing_id,
  rating: r.rating,
  text: r.text,
  author: r.author,
  writtenAt: new Date(r.written_at).toISOString(),
  answer: r.answer && r.answered_at ? { text: r.answer, answeredAt: new Date(r.answered_at).toISOString() } : null,
});

export const removalOf = (r: ReviewRow) =>
  r.removed_at ? { reason: r.removed_reason ?? '', removedAt: new Date(r.removed_at).toISOString() } : null;

/** A listing's reviews not removed, newest first, signed with the renter's first name. */
export async function listingReviews(db: SqlClient, listingId: string): Promise<Review[]> {
  const rows = await db.query<ReviewRow>(
    `select ${REVIEW_COLUMNS}
     from reviews r left join users u on u.id = r.renter_id
     where r.listing_id = $1 and r.removed_at is null order by r.written_at desc, r.id limit ${LISTED_REVIEWS_MAX}`,
    [listingId],
  );
  return rows.map(toReview);
}

/** This renter's review of the listing, a removed one included; null: none. */
export async function myReview(db: SqlClient, listingId: string, renterId: string): Promise<MyReview | null> {
  const [row] = await db.query<ReviewRow>(
    `select ${REVIEW_COLUMNS}
     from reviews r left join users u on u.id = r.renter_id
     where r.listing_id = $1 and r.renter_id = $2`,
    [listingId, renterId],
  );
  return row ? { ...toReview(row), removed: removalOf(row) } : null;
}

/** When the host first answered this renter about the listing in Messages; null: never. */
export async function firstReplyTo(db: SqlClient, listingId: string, renterId: string): Promise<string | null> {
  const [row] = await db.query<{ first_reply_at: Date | null }>(
    'select first_reply_at from conversations where listing_id = $1 and renter_id = $2',
    [listingId, renterId],
  );
  return row?.first_reply_at ? new Date(row.first_reply_at).toISOString() : null;
}
