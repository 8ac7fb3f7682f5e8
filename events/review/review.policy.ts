// Who may write a review of a listing, and from when (issue 34, docs/decisions/410): the one rule the
// decider enforces on a WriteReview and the listing page asks about before offering the form.

/** A renter reviews a listing from this long after its host first answered them. */
export const REVIEW_AFTER_REPLY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReviewEligibility =
  | { status: 'allowed' }
  | { status: 'own_listing' }
  | { status: 'already_reviewed' }
  | { status: 'not_allowed' }
  | { status: 'too_soon'; from: string };

export type ReviewAsk = {
  actorId: string;
  hostId: string;
  /** The renter has a review of this listing, a removed one included. */
  reviewed: boolean;
  /** When the host first answered this renter in Messages about the listing; null: never. */
  firstReplyAt: string | null;
  at: string;
};

/** Whether this renter may review this listing now, else why not (checked in this order). */
export function reviewEligibility({ actorId, hostId, reviewed, firstReplyAt, at }: ReviewAsk): ReviewEligibility {
  if (actorId === hostId) return { status: 'own_listing' };
  if (reviewed) return { status: 'already_reviewed' };
  if (firstReplyAt === null) return { status: 'not_allowed' };
  const from = new Date(Date.parse(firstReplyAt) + REVIEW_AFTER_REPLY_DAYS * DAY_MS).toISOString();
  if (at < from) return { status: 'too_soon', from };
  return { status: 'allowed' };
}
