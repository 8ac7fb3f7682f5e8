// The User Analytics tab's door to the analytics contract, apart from lib/contract.ts: only the
// admin panel needs these (the tracker in pwa/lib imports its two constants itself).

export {
  ANALYTICS_TIMEFRAMES,
  DEFAULT_TIMEFRAME,
  RECENT_VISITORS_LIMIT,
  type AnalyticsTimeframe,
  type DailyVisits,
  type RecentVisitorsAnswer,
  type UsersAnalytics,
  type VisitorAnalytics,
  type VisitorRecord,
} from '../../../api/contract/analytics.schema.ts';
