import * as v from 'valibot';
import { queryInt } from './query-int.ts';

// Visitor analytics (spec part 1 "Visitor tracking", part 2 "Admin Panel" and section 9's constants).
// The PWA imports this file through its features' contract doors: no node:*, no server code here.

/** The spec's first-party device id: `visitor_{timestamp}_{random}`, kept in the browser's local storage. */
export const VisitorIdSchema = v.pipe(
  v.string('visitorId must be text'),
  v.regex(/^visitor_\d{1,16}_[A-Za-z0-9]{1,40}$/, 'visitorId must look like visitor_{timestamp}_{random}'),
);

/** Views one beacon may carry: a phone batches its page views, never more than this in one request. */
export const MAX_VIEWS_PER_BEACON = 20;
/** A view reported later than this (an offline batch) is refused rather than back-dated further. */
export const MAX_VIEW_AGE_MS = 24 * 60 * 60 * 1000;

// No control characters: a browser never sends them, and PostgreSQL refuses a NUL in text,
// which would fail the whole batch of views it was buffered with.
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

/** A path with its query string, as the browser shows it after the origin. */
const PageUrlSchema = v.pipe(
  v.string('pageUrl must be text'),
  v.startsWith('/', 'pageUrl must be a path starting with /'),
  v.maxLength(2048, 'pageUrl must be at most 2048 characters'),
  v.regex(NO_CONTROL_CHARACTERS, 'pageUrl must not contain control characters'),
);
const PageTitleSchema = v.pipe(
  v.string('pageTitle must be text'),
  v.maxLength(300, 'pageTitle must be at most 300 characters'),
  v.regex(NO_CONTROL_CHARACTERS, 'pageTitle must not contain control characters'),
);

/** One page view. `viewedAt` (ms since the epoch) only for views sent later than they happened. */
export const PageViewSchema = v.object({
  pageUrl: PageUrlSchema,
  pageTitle: v.optional(PageTitleSchema),
  viewedAt: v.optional(v.pipe(v.number('viewedAt must be a number'), v.integer('viewedAt must be whole milliseconds'))),
});
export type PageView = v.InferOutput<typeof PageViewSchema>;

/**
 * POST /api/analytics/track-visitor. Either the spec's single view `{visitorId, pageUrl, pageTitle}`
 * or a batch `{visitorId, views: [...]}` (1 to MAX_VIEWS_PER_BEACON views), never both.
 * Sent with navigator.sendBeacon; anonymous or signed in (the session cookie says who).
 */
export const TrackVisitorSchema = v.pipe(
  v.object({
    visitorId: VisitorIdSchema,
    pageUrl: v.optional(PageUrlSchema),
    pageTitle: v.optional(PageTitleSchema),
    viewedAt: v.optional(
      v.pipe(v.number('viewedAt must be a number'), v.integer('viewedAt must be whole milliseconds')),
    ),
    views: v.optional(
      v.pipe(
        v.array(PageViewSchema, 'views must be a list'),
        v.minLength(1, 'views must hold at least one view'),
        v.maxLength(MAX_VIEWS_PER_BEACON, `views must hold at most ${MAX_VIEWS_PER_BEACON} views`),
      ),
    ),
  }),
  v.forward(
    v.check(
      (body) => (body.pageUrl === undefined) !== (body.views === undefined),
      'Send either pageUrl or views, not both and not neither',
    ),
    ['pageUrl'],
  ),
);
export type TrackVisitorBody = v.InferInput<typeof TrackVisitorSchema>;

/** 202: the views are taken (bots are answered the same and not counted). */
export type TrackVisitorAnswer = { accepted: number };

/** GET /api/admin/visitor-analytics?days= : 7, 30 or 90 (section 9), default 30. */
export const ANALYTICS_TIMEFRAMES = [7, 30, 90] as const;
export type AnalyticsTimeframe = (typeof ANALYTICS_TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: AnalyticsTimeframe = 30;
export const VisitorAnalyticsQuerySchema = v.object({
  days: v.optional(
    v.pipe(
      v.picklist(['7', '30', '90'], 'days must be 7, 30 or 90'),
      v.transform((days) => Number(days) as AnalyticsTimeframe),
    ),
    '30',
  ),
});

/** GET /api/admin/recent-visitors?limit= : 1 to 200 (section 9), default 200. */
export const RECENT_VISITORS_LIMIT = 200;
export const RecentVisitorsQuerySchema = v.object({
  limit: v.optional(queryInt('limit', 1, RECENT_VISITORS_LIMIT), String(RECENT_VISITORS_LIMIT)),
});

/** GET /api/admin/analytics/dead-letters?limit= : 1 to 200, default 100 (docs/decisions/110). */
export const DEAD_LETTERS_LIMIT = 200;
export const DeadLettersQuerySchema = v.object({
  limit: v.optional(queryInt('limit', 1, DEAD_LETTERS_LIMIT), '100'),
});

/**
 * A page view PostgreSQL refused, set aside so the rest of its batch was written. `view` is the
 * stored record as JSON text, its escapes kept (a lone surrogate reads `\ud800`).
 */
export type PageViewDeadLetter = { id: string; failedAt: string; view: string; error: string };
/** Newest first; `total` counts them all. */
export type PageViewDeadLettersAnswer = { total: number; deadLetters: PageViewDeadLetter[] };

/** GET /api/admin/users-analytics. */
export type UsersAnalytics = {
  totalUsers: number;
  byAccountType: { renter: number; owner: number; agent: number; both: number };
  verifiedUsers: number;
  admins: number;
  newLast7Days: number;
  newLast30Days: number;
};

/** One day of the window (UTC calendar day, `YYYY-MM-DD`), days without views included as zeros. */
export type DailyVisits = { date: string; visitors: number; pageViews: number };

/**
 * GET /api/admin/visitor-analytics. The window is the last `days` UTC calendar days, today included.
 * totalVisitors counts page views (the spec's name kept), uniqueVisitors distinct device ids,
 * registeredUsers those of them signed in at some view; conversionRate = registeredUsers ÷ uniqueVisitors
 * as a percentage to 1 decimal (0 when there were no visitors).
 */
export type VisitorAnalytics = {
  days: AnalyticsTimeframe;
  /** The window's first and last UTC day, `YYYY-MM-DD`, both included (the last is today). */
  from: string;
  to: string;
  totalVisitors: number;
  uniqueVisitors: number;
  registeredUsers: number;
  conversionRate: number;
  newVisitors: number;
  returningVisitors: number;
  topPages: { page: string; views: number }[];
  /** Pages are paths: the server drops query strings and fragments before storing a view. */
  topLandingPages: { page: string; visitors: number }[];
  /** ISO 3166-1 alpha-2 codes ("GH", "US"), or "unknown"; topCities leaves "unknown" cities out. */
  topCountries: { country: string; visitors: number }[];
  topCities: { city: string; country: string; visitors: number }[];
  daily: DailyVisits[];
};

/** The spec's Visitor record. ipAddress keeps only the network part (IPv4 /24, IPv6 /48); city and country may be "unknown". */
export type VisitorRecord = {
  id: string;
  visitorId: string;
  isRegisteredUser: boolean;
  userName: string | null;
  userEmail: string | null;
  ipAddress: string;
  city: string;
  country: string;
  pagesViewed: number;
  landingPage: string;
  firstVisit: string;
  lastVisit: string;
};

/** GET /api/admin/recent-visitors: newest last visit first. */
export type RecentVisitorsAnswer = { visitors: VisitorRecord[] };
