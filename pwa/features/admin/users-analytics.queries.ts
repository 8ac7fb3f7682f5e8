import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { UsersAnalytics } from './analytics-contract.ts';

// GET /api/admin/users-analytics
export const usersAnalyticsQuery = () =>
  queryOptions({
    // Under 'admin': admins' answers are never kept on the device (pwa/offline/persist-cache.ts).
    queryKey: ['admin', 'analytics', 'users'],
    queryFn: ({ signal }) => apiGet<UsersAnalytics>('/api/admin/users-analytics', signal),
    retry: false,
  });
export const useUsersAnalytics = () => useQuery(usersAnalyticsQuery());
