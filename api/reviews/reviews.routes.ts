import { Hono } from 'hono';
import { REVIEW_ERRORS } from '../../events/review/review.decider.ts';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin, requireUser } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { reviewEligibility } from '../../events/review/review.policy.ts';
import {
  type AdminReviewPage,
  AdminReviewsQuerySchema,
  AnswerReviewSchema,
  type CanReview,
  type ListingReviews,
  RemoveReviewSchema,
  WriteReviewSchema,
} from '../contract/reviews.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { PRIVATE } from '../http/security-headers.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { averageRating, canSee, findProperty } from '../properties/properties.read.ts';
import { reviewCommands, reviewIdOf } from './review-commands.ts';
import { adminReviews } from './admin-reviews.read.ts';
import { firstReplyTo, listingReviews, myReview } from './reviews.read.ts';

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
      const user = c.var.user;
      const mine = user ? await myReview(db, listing.id, user.id) : null;
      // The decider's own rule, asked with what the POST would hand it; only a live listing takes reviews.
      const canReview: CanReview = !user
        ? { status: 'signed_out' }
        : !listing.is_live && user.id !== listing.owner_id
          ? { status: 'not_allowed' }
          : reviewEligibility({
              actorId: user.id,
              hostId: listing.owner_id,
              reviewed: mine !== null,
              firstReplyAt: await firstReplyTo(db, listing.id, user.id),
              at: clock().toISOString(),
            });
      const answer: ListingReviews = {
        reviews: await listingReviews(db, listing.id),
        averageRating: averageRating(listing.rating_sum, listing.review_count),
        reviewCount: listing.review_count ?? 0,
        canReview,
        mine,
      };
      // Per caller (canReview, mine): the security headers make every answer here private, no-store
      // (not one of their public reads); said here too, so no shared cache ever keeps one.
      c.header('Cache-Control', PRIVATE);
      c.header('Vary', 'Cookie');
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
  const { db, store, clock } = deps;
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
    .get('/admin/reviews', requireAdmin, validate('query', AdminReviewsQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { reviews, total } = await adminReviews(db, q);
      const answer: AdminReviewPage = { reviews, total, page: q.page, pageSize: q.limit };
      return c.json(answer);
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
