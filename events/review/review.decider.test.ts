import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type ReviewEvent, reviewDecider } from './review.decider.ts';

const reviewId = 'r-1';
const listingId = 'listing-1';
const host = { id: 'host-1', isAdmin: false };
const renter = { id: 'renter-1', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };
const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 24 * 60 * 60 * 1000).toISOString();

const write = (overrides: Partial<{ actor: typeof renter; firstReplyAt: string | null; at: string }> = {}) =>
  ({
    type: 'WriteReview',
    reviewId,
    listingId,
    hostId: host.id,
    actor: renter,
    firstReplyAt: day(0),
    rating: 4,
    text: 'Clean and quiet; the host answered fast.',
    at: day(7),
    ...overrides,
  }) as const;
const written: ReviewEvent = {
  type: 'ReviewWritten',
  data: {
    reviewId,
    listingId,
    hostId: host.id,
    renterId: renter.id,
    rating: 4,
    text: 'Clean and quiet; the host answered fast.',
    writtenAt: day(7),
  },
};
const answered: ReviewEvent = { type: 'ReviewAnswered', data: { reviewId, answer: 'Thank you!', answeredAt: day(8) } };
const removed: ReviewEvent = {
  type: 'ReviewRemoved',
  data: { reviewId, removedBy: admin.id, reason: 'Personal details', removedAt: day(9) },
};

const given = givenWhenThen(reviewDecider);

describe('review decider', () => {
  it('takes a review a week after the host first answered, not before', () => {
    given().when(write()).then([written]);
    given()
      .when(write({ at: day(6.9) }))
      .thenRefuses('review_too_soon', 'conflict');
  });

  it('takes none from a renter the host never answered, nor from the host', () => {
    given()
      .when(write({ firstReplyAt: null }))
      .thenRefuses('review_not_allowed', 'forbidden');
    given()
      .when(write({ actor: host }))
      .thenRefuses('own_listing', 'forbidden');
  });

  it('takes one review per renter and listing, a removed one included', () => {
    given(written).when(write()).thenRefuses('already_reviewed', 'conflict');
    given(written, removed).when(write()).thenRefuses('already_reviewed', 'conflict');
  });

  it('lets the host answer once, and nobody else', () => {
    const answer = (actor: typeof host) => ({ type: 'AnswerReview', actor, answer: 'Thank you!', at: day(8) }) as const;
    given(written).when(answer(host)).then([answered]);
    given(written, answered).when(answer(host)).thenRefuses('already_answered', 'conflict');
    given(written).when(answer(renter)).thenRefuses('not_host', 'forbidden');
    given(written, removed).when(answer(host)).thenRefuses('review_removed', 'conflict');
    given().when(answer(host)).thenRefuses('review_not_found', 'not_found');
  });

  it('lets an admin remove a review, with a reason, once', () => {
    const remove = (actor: typeof admin) =>
      ({ type: 'RemoveReview', actor, reason: 'Personal details', at: day(9) }) as const;
    given(written).when(remove(admin)).then([removed]);
    given(written, removed).when(remove(admin)).then([]);
    given(written).when(remove(host)).thenRefuses('admin_only', 'forbidden');
    given().when(remove(admin)).thenRefuses('review_not_found', 'not_found');
  });
});
