import * as v from 'valibot';

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
export type ListingReviews = { reviews: Review[]; averageRating: number | null; reviewCount: number };
