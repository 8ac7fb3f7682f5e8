import { Hono } from 'hono';
import { REVIEW_ERRORS } from '../../events/review/review.decider.ts';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin, requireUser } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import {
  AnswerReviewSchema,
  type ListingReviews,
  RemoveReviewSchema,
  WriteReviewSchema,
} from '../contract/reviews.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { averageRating, canSee, findProperty } from '../properties/properties.read.ts';
import { reviewCommands, reviewIdOf } from './review-commands.ts';
import { firstReplyTo, listingReviews } from './reviews.read.ts';

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

/**
 * Reviews that mean something (issue 34, docs/decisions/410): a listing's reviews for anyone who may
 * see it; a review from a renter its host answered in Messages, a week after that answer.
 */
export function listingReviewRoutes(deps: Deps) {
  const { db, store, clock } = deps;
  return new Hono<AppEnv>()
    .get('/:id/reviews', async (c) => {
      const listing = await findProperty(db, c.req.param('id'));
      if (!listing || !canSee(listing, c.var.user)) throw LISTING_ERRORS.notFound();
      const answer: ListingReviews = {
        reviews: await listingReviews(db, listing.id),
        averageRating: averageRating(listing.rating_sum, listing.review_count),
        reviewCount: listing.review_count ?? 0,
      };
      return c.json(answer);
    })
    .post('/:id/reviews', requireUser, validate('json', WriteReviewSchema), async (c) => {
      const listing = await findProperty(db, c.req.param('id'));
      if (!listing?.is_live) throw LISTING_ERRORS.notFound();
      const actor = actorOf(c);
      const reviewId = reviewIdOf(listing.id, actor.id);
      const { rating, text } = c.req.valid('json');
      await runCommand(store, requestOrigin(c.var), reviewCommands, reviewId, {
        type: 'WriteReview',
        reviewId,
        listingId: listing.id,
        hostId: listing.owner_id,
        actor,
        firstReplyAt: await firstReplyTo(db, listing.id, actor.id),
        rating,
        text,
        at: clock().toISOString(),
      });
      const review = (await listingReviews(db, listing.id)).find((r) => r.id === reviewId);
      return c.json({ message: 'Thank you: your review is on the listing.', review }, 201);
    });
}

/** The host's one answer, and an admin's removal with its reason. */
export function reviewRoutes(deps: Deps) {
  const { store, clock } = deps;
  const reviewIdIn = (id: string | undefined) => {
    if (!id || !isUuid(id)) throw REVIEW_ERRORS.notFound();
    return id;
  };
  return new Hono<AppEnv>()
    .post('/reviews/:id/answer', requireUser, validate('json', AnswerReviewSchema), async (c) => {
      const id = reviewIdIn(c.req.param('id'));
      await runCommand(store, requestOrigin(c.var), reviewCommands, id, {
        type: 'AnswerReview',
        actor: actorOf(c),
        answer: c.req.valid('json').answer,
        at: clock().toISOString(),
      });
      return c.json({ message: 'Your answer is under the review.' });
    })
    .post('/admin/reviews/:id/remove', requireAdmin, validate('json', RemoveReviewSchema), async (c) => {
      const id = reviewIdIn(c.req.param('id'));
      await runCommand(store, requestOrigin(c.var), reviewCommands, id, {
        type: 'RemoveReview',
        actor: actorOf(c),
        reason: c.req.valid('json').reason,
        at: clock().toISOString(),
      });
      return c.json({ message: 'Review removed: it no longer counts in the rating.' });
    });
}
