import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type {
  ConversationReportAction,
  ConversationReportQueuePage,
  ReportAction,
  ReportedConversationThread,
  ReportQueuePage,
  SuspensionsPage,
} from './reports-contract.ts';

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

const CONVERSATION_REPORTS_KEY = ['admin', 'conversation-reports'] as const;

// GET /api/admin/conversation-reports: reported threads, longest waiting first, or the resolved ones.
export const adminConversationReportsQuery = (filter: ReportsFilter) =>
  queryOptions({
    queryKey: [...CONVERSATION_REPORTS_KEY, filter],
    queryFn: ({ signal }) =>
      apiGet<ConversationReportQueuePage>(
        withQuery('/api/admin/conversation-reports', { status: filter.status, page: filter.page }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useAdminConversationReports = (filter: ReportsFilter) => useQuery(adminConversationReportsQuery(filter));

// GET /api/admin/conversation-reports/{id}: a reported thread's messages (the only threads an admin may read).
export const reportedConversationQuery = (id: string) =>
  queryOptions({
    queryKey: [...CONVERSATION_REPORTS_KEY, 'thread', id],
    queryFn: ({ signal }) =>
      apiGet<ReportedConversationThread>(`/api/admin/conversation-reports/${encodeURIComponent(id)}`, signal),
  });
export const useReportedConversation = (id: string, enabled: boolean) =>
  useQuery({ ...reportedConversationQuery(id), enabled });

export type ConversationReportResolution = {
  conversationId: string;
  action: ConversationReportAction;
  /** Whom `suspend` suspends: one of the people the open reports name. */
  userId?: string;
  note: string;
};

// POST /api/admin/conversation-reports/{id}/resolve
export function useResolveConversationReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, ...body }: ConversationReportResolution) =>
      apiRequest<{ message: string }>(
        'POST',
        `/api/admin/conversation-reports/${encodeURIComponent(conversationId)}/resolve`,
        { body },
      ),
    // Also after a refusal: a 409 means another admin resolved them first.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: CONVERSATION_REPORTS_KEY });
      void queryClient.invalidateQueries({ queryKey: SUSPENSIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'properties'] });
    },
  });
}
