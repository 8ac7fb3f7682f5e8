import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import { RECENT_VISITORS_LIMIT, type RecentVisitorsAnswer } from './analytics-contract.ts';

// GET /api/admin/recent-visitors?limit=200 (section 9's limit)
export const recentVisitorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'recent-visitors'],
    queryFn: ({ signal }) =>
      apiGet<RecentVisitorsAnswer>(`/api/admin/recent-visitors?limit=${RECENT_VISITORS_LIMIT}`, signal),
    retry: false,
  });
export const useRecentVisitors = () => useQuery(recentVisitorsQuery());
