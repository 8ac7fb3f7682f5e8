import * as v from 'valibot';
import type { ReviewEligibility } from '../../events/review/review.policy.ts';
import { queryInt } from './query-int.ts';

// Reviews (issue 34, docs/decisions/410): what a review, an answer and a removal may be, and a
// listing's reviews as the API answers them.

export const REVIEW_TEXT_MAX = 2000;

const text = (what: string, required: string) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.minLength(1, required),
    v.maxLength(REVIEW_TEXT_MAX, `${what} must be at most ${REVIEW_TEXT_MAX} characters`),
  );

/** POST /api/properties/{id}/reviews. */
export const WriteReviewSchema = v.object(
  {
    rating: v.pipe(
      v.number('rating must be a whole number from 1 to 5'),
      v.integer('rating must be a whole number from 1 to 5'),
      v.minValue(1, 'rating must be a whole number from 1 to 5'),
      v.maxValue(5, 'rating must be a whole number from 1 to 5'),
    ),
    text: text('A review', 'Say what it was like'),
  },
  'The body must be a JSON object',
);
export type WriteReviewInput = v.InferInput<typeof WriteReviewSchema>;

/** POST /api/reviews/{id}/answer: the host's one answer. */
export const AnswerReviewSchema = v.object(
  { answer: text('An answer', 'Write your answer') },
  'The body must be a JSON object',
);

/** POST /api/admin/reviews/{id}/remove: why it breaks the rules. */
export const RemoveReviewSchema = v.object(
  { reason: text('The reason', 'Say which rule it breaks') },
  'The body must be a JSON object',
);

export type Review = {
  id: string;
  listingId: string;
  rating: number;
  text: string;
  /** The renter's first name: reviews are signed. */
  author: string;
  writtenAt: string;
  answer: { text: string; answeredAt: string } | null;
};
/** Why a review left the listing: an admin removed it, saying which rule it breaks. */
export type ReviewRemoval = { reason: string; removedAt: string };

/** The caller's own review of the listing, a removed one included (then with why). */
export type MyReview = Review & { removed: ReviewRemoval | null };

/**
 * Whether the caller may review the listing now, by the rule the review's decider enforces
 * (events/review/review.policy.ts), else why not; `signed_out` without a session.
 */
export type CanReview = ReviewEligibility | { status: 'signed_out' };

/** GET /api/properties/{id}/reviews: per caller (`canReview`, `mine`), so never cached publicly. */
export type ListingReviews = {
  reviews: Review[];
  averageRating: number | null;
  reviewCount: number;
  canReview: CanReview;
  mine: MyReview | null;
};

export const ADMIN_REVIEW_STATUSES = ['all', 'live', 'removed'] as const;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** GET /api/admin/reviews: newest first; `q` looks in the listing's title and the review's text. */
export const AdminReviewsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'q must be at most 100 characters')), ''),
  status: v.optional(
    v.picklist(ADMIN_REVIEW_STATUSES, `status must be one of ${ADMIN_REVIEW_STATUSES.join(', ')}`),
    'all',
  ),
  page: v.optional(queryInt('page', 1, 100_000), '1'),
  limit: v.optional(queryInt('limit', 1, 100), String(ADMIN_REVIEWS_PAGE_SIZE)),
});
export type AdminReviewsQuery = v.InferOutput<typeof AdminReviewsQuerySchema>;

/** A review as the admins' list shows it: with its listing and its reviewer's full name. */
export type AdminReview = Review & {
  listingTitle: string | null;
  reviewerName: string | null;
  removed: ReviewRemoval | null;
};
export type AdminReviewPage = { reviews: AdminReview[]; total: number; page: number; pageSize: number };
