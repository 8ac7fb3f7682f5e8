import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// Reviews that mean something (issue 34, docs/decisions/410): a renter whose host answered them in
// Messages reviews the listing once, from a week after the first answer; the host answers once; an
// admin removes a review that breaks the rules. One stream per renter and listing.

export const reviewStreamId = (reviewId: string) => `review-${reviewId}`;

export const ReviewWritten = defineEvent(
  'ReviewWritten',
  v.object({
    reviewId: v.string(),
    listingId: v.string(),
    hostId: v.string(),
    renterId: v.string(),
    rating: v.number(),
    text: v.string(),
    writtenAt: v.string(),
  }),
);
export const ReviewAnswered = defineEvent(
  'ReviewAnswered',
  v.object({ reviewId: v.string(), answer: v.string(), answeredAt: v.string() }),
);
export const ReviewRemoved = defineEvent(
  'ReviewRemoved',
  v.object({ reviewId: v.string(), removedBy: v.string(), reason: v.string(), removedAt: v.string() }),
);

export const reviewEventTypes = [ReviewWritten, ReviewAnswered, ReviewRemoved] as const;

export const REVIEW_EVENT_NAMES: readonly string[] = reviewEventTypes.map((t) => t.type);
