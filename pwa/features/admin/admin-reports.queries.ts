import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { ReportAction, ReportQueuePage, SuspensionsPage } from './reports-contract.ts';

export type ReportsFilter = { status: 'open' | 'resolved'; page: number };

const REPORTS_KEY = ['admin', 'reports'] as const;

// GET /api/admin/reports
export const adminReportsQuery = (filter: ReportsFilter) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, filter],
    queryFn: ({ signal }) =>
      apiGet<ReportQueuePage>(withQuery('/api/admin/reports', { status: filter.status, page: filter.page }), signal),
    placeholderData: keepPreviousData,
  });
export const useAdminReports = (filter: ReportsFilter) => useQuery(adminReportsQuery(filter));

export type ReportResolution = { listingId: string; action: ReportAction; note: string };

// POST /api/admin/reports/{listingId}/resolve
export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, ...body }: ReportResolution) =>
      apiRequest<{ message: string }>('POST', `/api/admin/reports/${encodeURIComponent(listingId)}/resolve`, { body }),
    // Also after a refusal: a 409 means another admin resolved them first. The listings tab shows the change too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
      void queryClient.invalidateQueries({ queryKey: SUSPENSIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'properties'] });
    },
  });
}

const SUSPENSIONS_KEY = ['admin', 'suspensions'] as const;

// GET /api/admin/suspensions
export const suspendedAccountsQuery = (page: number) =>
  queryOptions({
    queryKey: [...SUSPENSIONS_KEY, page],
    queryFn: ({ signal }) => apiGet<SuspensionsPage>(withQuery('/api/admin/suspensions', { page }), signal),
    placeholderData: keepPreviousData,
  });
export const useSuspendedAccounts = (page: number) => useQuery(suspendedAccountsQuery(page));

// POST /api/admin/suspensions/{userId}/lift
export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, note }: { userId: string; note: string }) =>
      apiRequest<{ message: string }>('POST', `/api/admin/suspensions/${encodeURIComponent(userId)}/lift`, {
        body: { note },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SUSPENSIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'properties'] });
    },
  });
}
