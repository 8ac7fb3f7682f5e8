// This feature's door to what hosts learn from their listings (issue 34, docs/decisions/390), apart
// from lib/contract.ts: everything under pwa/lib joins the first-load bundle with what it imports
// (vite.config.ts), and only the host dashboard's Analytics tab needs these.

export {
  ANALYTICS_TIMEFRAMES,
  DEFAULT_TIMEFRAME,
  type AnalyticsTimeframe,
  type ListingActivity,
  type ListingAnalytics,
} from '../../../api/contract/listing-analytics.schema.ts';
