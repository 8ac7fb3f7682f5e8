import { Hono } from 'hono';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireUser } from '../auth/session.middleware.ts';
import {
  HOST_RESPONSE_MIN_CONVERSATIONS,
  type ListingAnalytics,
  ListingAnalyticsQuerySchema,
  type ListingHostResponse,
} from '../contract/listing-analytics.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { findProperty } from '../properties/properties.read.ts';
import { readHostResponse, readListingAnalytics } from './host-analytics.read.ts';

/**
 * What hosts learn from their listings (issue 34, docs/decisions/390): the host dashboard's
 * Analytics tab, and the response time the listing page shows once it means something.
 */
export function hostAnalyticsRoutes(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return (
    new Hono<AppEnv>()
      .get('/user/listing-analytics', requireUser, validate('query', ListingAnalyticsQuerySchema), async (c) => {
        const { days } = c.req.valid('query');
        const answer = await readListingAnalytics(db, currentUser(c).id, clock(), days);
        return c.json(answer satisfies ListingAnalytics);
      })
      // Anyone who may see the listing: a listing that is not live does not exist here, even for its owner.
      .get('/properties/:id/host-response', async (c) => {
        const listing = await findProperty(db, c.req.param('id'));
        if (!listing?.is_live) throw LISTING_ERRORS.notFound();
        const { started, responseRate, medianReplyMinutes } = await readHostResponse(db, listing.owner_id, clock());
        const answer: ListingHostResponse =
          started >= HOST_RESPONSE_MIN_CONVERSATIONS && responseRate !== null
            ? { shown: true, conversations: started, responseRate, medianReplyMinutes }
            : { shown: false, conversations: started, responseRate: null, medianReplyMinutes: null };
        return c.json(answer);
      })
  );
}
