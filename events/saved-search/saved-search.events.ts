import * as v from 'valibot';
import { defineEvent } from '../store/event-type.ts';

// A renter's saved search (issue 33, docs/decisions/370), on its own stream: saved with its
// filters, each alert sent about a listing that went live and matched, and the unsubscribing.

export const savedSearchStreamId = (searchId: string) => `saved-search-${searchId}`;

export const SearchSaved = defineEvent(
  'SearchSaved',
  v.object({
    searchId: v.string(),
    userId: v.string(),
    name: v.string(),
    filters: v.record(v.string(), v.string()),
    savedAt: v.string(),
  }),
);
/** One alert about one listing, by web push or a message (`channel`). */
export const SearchAlertSent = defineEvent(
  'SearchAlertSent',
  v.object({ searchId: v.string(), listingId: v.string(), channel: v.string(), sentAt: v.string() }),
);
/** No more alerts: by its owner in the app, or by the one-tap link in an alert (`by`: 'owner' | 'link'). */
export const SearchUnsubscribed = defineEvent(
  'SearchUnsubscribed',
  v.object({ searchId: v.string(), by: v.string(), unsubscribedAt: v.string() }),
);

export const savedSearchEventTypes = [SearchSaved, SearchAlertSent, SearchUnsubscribed] as const;
export const SAVED_SEARCH_EVENT_NAMES: readonly string[] = savedSearchEventTypes.map((t) => t.type);
