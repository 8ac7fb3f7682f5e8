import { type AnalyticsTimeframe, VisitorAnalyticsQuerySchema } from './analytics.schema.ts';

// What hosts learn from their listings (issue 34, docs/decisions/390). The PWA imports this file
// through its features' doors: no node:*, no server code here.

export { ANALYTICS_TIMEFRAMES, DEFAULT_TIMEFRAME, type AnalyticsTimeframe } from './analytics.schema.ts';

/** GET /api/user/listing-analytics?days= : 7, 30 or 90, default 30, the admins' own windows and rule. */
export const ListingAnalyticsQuerySchema = VisitorAnalyticsQuerySchema;

/** Views, people and contacts of one listing, or of them all, over the window. */
export type ListingActivity = {
  /** Page views of `/property/{id}`, the host's own (signed in) left out. */
  views: number;
  /** Distinct devices among those views. */
  visitors: number;
  /** Conversations renters started about it. */
  conversations: number;
  /** Taps on WhatsApp and Call. */
  contacts: { whatsapp: number; call: number };
};

/**
 * How the host answers, over the last 30 days. `started` counts the threads started in them, less
 * those started under 24 hours ago that the host has not answered yet (they still have time);
 * `responseRate` is answered ÷ started (0 to 1), `medianReplyMinutes` the median time to the
 * host's first reply over the answered ones, in whole minutes; both null when nothing counts.
 */
export type HostResponse = {
  started: number;
  answered: number;
  responseRate: number | null;
  medianReplyMinutes: number | null;
};

export type ListingAnalytics = {
  days: AnalyticsTimeframe;
  /** The window's first and last UTC day, both included (as the admins' analytics). */
  from: string;
  to: string;
  listings: ({ listingId: string; title: string } & ListingActivity)[];
  /** Over all the host's listings; `visitors` counts a device once however many listings it saw. */
  totals: ListingActivity;
  response: HostResponse;
};

/** Below this many threads counted, the listing page shows no response time (one slow answer would be all of it). */
export const HOST_RESPONSE_MIN_CONVERSATIONS = 3;

/** GET /api/properties/{id}/host-response: the listing's host, over the last 30 days. */
export type ListingHostResponse =
  | { shown: true; conversations: number; responseRate: number; medianReplyMinutes: number | null }
  | { shown: false; conversations: number; responseRate: null; medianReplyMinutes: null };
