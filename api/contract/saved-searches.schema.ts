import * as v from 'valibot';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_FIELDS,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchFilters,
} from '../../events/saved-search/saved-search.policy.ts';
import { SearchQuerySchema } from './properties.schema.ts';

// Saved searches with alerts (issue 33, docs/decisions/370): a renter saves the search page's
// filters; a listing that matches when it goes live is sent to them by web push or a message.

export { MAX_SAVED_SEARCHES, SAVED_SEARCH_FIELDS, SAVED_SEARCH_NAME_MAX, type SavedSearchFilters };

const filterValue = v.pipe(v.string('Each filter must be text, as in the search page’s address'), v.maxLength(200));

/**
 * POST /api/user/saved-searches: the filters as the search page's address has them (location,
 * propertyType, …; page, sort and limit are not kept) and a name (the location when none is given).
 * The filters must make a search GET /api/properties/search would take.
 */
export const SaveSearchSchema = v.pipe(
  v.object(
    {
      name: v.optional(
        v.pipe(
          v.string('name must be text'),
          v.trim(),
          v.maxLength(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
        ),
        '',
      ),
      filters: v.pipe(
        v.record(v.picklist(SAVED_SEARCH_FIELDS, 'Unknown filter'), filterValue, 'filters must be an object'),
        v.transform((filters) =>
          Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '')),
        ),
      ),
    },
    'The body must be a JSON object',
  ),
  v.forward(
    v.check((body) => v.safeParse(SearchQuerySchema, body.filters).success, 'These filters do not make a search'),
    ['filters'],
  ),
);
export type SaveSearchInput = v.InferInput<typeof SaveSearchSchema>;

export type SavedSearch = {
  id: string;
  name: string;
  filters: SavedSearchFilters;
  createdAt: string;
  lastAlertAt: string | null;
  alertsSent: number;
};
export type SavedSearchesAnswer = { savedSearches: SavedSearch[]; limit: number };

/** PUT /api/user/push-subscriptions: a browser's PushSubscription.toJSON(). */
export const PushSubscriptionSchema = v.object(
  {
    endpoint: v.pipe(
      v.string('endpoint must be the push service’s URL'),
      v.maxLength(2000),
      v.url('endpoint must be the push service’s URL'),
    ),
    keys: v.object(
      {
        p256dh: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,200}={0,2}$/, 'keys.p256dh must be URL-safe base64')),
        auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}={0,2}$/, 'keys.auth must be URL-safe base64')),
      },
      'keys must hold p256dh and auth',
    ),
  },
  'The body must be a JSON object',
);
export const PushEndpointSchema = v.object(
  { endpoint: v.pipe(v.string(), v.maxLength(2000)) },
  'The body must be a JSON object',
);

/** GET /api/push/public-key: the VAPID key browsers subscribe with, null when web push is off. */
export type PushKeyAnswer = { publicKey: string | null };
