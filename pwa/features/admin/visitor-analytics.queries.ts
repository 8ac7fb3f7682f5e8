import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { AnalyticsTimeframe, VisitorAnalytics } from './analytics-contract.ts';

// GET /api/admin/visitor-analytics?days=7|30|90
export const visitorAnalyticsQuery = (days: AnalyticsTimeframe) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'visitors', days],
    queryFn: ({ signal }) => apiGet<VisitorAnalytics>(`/api/admin/visitor-analytics?days=${days}`, signal),
    retry: false,
  });
// The previous window stays on screen while another loads, so the tab does not jump.
export const useVisitorAnalytics = (days: AnalyticsTimeframe) =>
  useQuery({ ...visitorAnalyticsQuery(days), placeholderData: keepPreviousData });
