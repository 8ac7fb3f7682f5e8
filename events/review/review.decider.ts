import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { reviewEventTypes } from './review.events.ts';
import { reviewEligibility } from './review.policy.ts';

export type ReviewEvent = DomainEvent<(typeof reviewEventTypes)[number]>;

export type ReviewState =
  | { status: 'none' }
  | { status: 'written' | 'removed'; reviewId: string; hostId: string; renterId: string; answered: boolean };

export type ReviewCommand =
  | {
      type: 'WriteReview';
      reviewId: string;
      listingId: string;
      hostId: string;
      actor: Actor;
      /** When the host first answered this renter in Messages about the listing; null: never. */
      firstReplyAt: string | null;
      rating: number;
      text: string;
      at: string;
    }
  | { type: 'AnswerReview'; actor: Actor; answer: string; at: string }
  | { type: 'RemoveReview'; actor: Actor; reason: string; at: string };

export const REVIEW_ERRORS = {
  notFound: () => new DomainError('not_found', 'review_not_found', 'Review not found.'),
  ownListing: () => new DomainError('forbidden', 'own_listing', 'You cannot review your own listing.'),
  noConversation: () =>
    new DomainError(
      'forbidden',
      'review_not_allowed',
      'You can review a listing once its host has answered you in Messages, from a week after their first answer.',
    ),
  tooSoon: (from: string) =>
    new DomainError(
      'conflict',
      'review_too_soon',
      `You can review this listing from ${new Date(from).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, a week after its host first answered you.`,
    ),
  alreadyReviewed: () => new DomainError('conflict', 'already_reviewed', 'You have already reviewed this listing.'),
  notHost: () => new DomainError('forbidden', 'not_host', 'Only the listing’s host can answer its reviews.'),
  alreadyAnswered: () => new DomainError('conflict', 'already_answered', 'You have already answered this review.'),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  removed: () => new DomainError('conflict', 'review_removed', 'This review was removed.'),
};

/**
 * A review is earned: by a renter the host answered in Messages, a week after that first answer,
 * once per renter and listing. The host answers once; an admin removes, with a reason.
 */
export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'WriteReview': {
        const { reviewId, listingId, hostId, actor, firstReplyAt, rating, text, at } = command;
        const eligibility = reviewEligibility({
          actorId: actor.id,
          hostId,
          reviewed: state.status !== 'none',
          firstReplyAt,
          at,
        });
        switch (eligibility.status) {
          case 'own_listing':
            throw REVIEW_ERRORS.ownListing();
          case 'already_reviewed':
            throw REVIEW_ERRORS.alreadyReviewed();
          case 'not_allowed':
            throw REVIEW_ERRORS.noConversation();
          case 'too_soon':
            throw REVIEW_ERRORS.tooSoon(eligibility.from);
          case 'allowed':
            break;
        }
        return [
          {
            type: 'ReviewWritten',
            data: { reviewId, listingId, hostId, renterId: actor.id, rating, text, writtenAt: at },
          },
        ];
      }
      case 'AnswerReview': {
        if (state.status === 'none') throw REVIEW_ERRORS.notFound();
        if (command.actor.id !== state.hostId) throw REVIEW_ERRORS.notHost();
        if (state.status === 'removed') throw REVIEW_ERRORS.removed();
        if (state.answered) throw REVIEW_ERRORS.alreadyAnswered();
        return [
          {
            type: 'ReviewAnswered',
            data: { reviewId: state.reviewId, answer: command.answer, answeredAt: command.at },
          },
        ];
      }
      case 'RemoveReview': {
        if (state.status === 'none') throw REVIEW_ERRORS.notFound();
        if (!command.actor.isAdmin) throw REVIEW_ERRORS.adminOnly();
        if (state.status === 'removed') return [];
        return [
          {
            type: 'ReviewRemoved',
            data: {
              reviewId: state.reviewId,
              removedBy: command.actor.id,
              reason: command.reason,
              removedAt: command.at,
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ReviewWritten': {
        const { reviewId, hostId, renterId } = event.data;
        return { status: 'written', reviewId, hostId, renterId, answered: false };
      }
      case 'ReviewAnswered':
        return state.status === 'none' ? state : { ...state, answered: true };
      case 'ReviewRemoved':
        return state.status === 'none' ? state : { ...state, status: 'removed' };
    }
  },
};

export const reviewAggregate = { eventTypes: reviewEventTypes, decider: reviewDecider };
