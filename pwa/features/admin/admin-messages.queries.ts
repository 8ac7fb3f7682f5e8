import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { MessageStatus, TeamMessagePage } from '../../lib/contract.ts';

export type MessagesFilter = { status: MessageStatus; page: number };

// GET /api/admin/messages
export const adminMessagesQuery = (filter: MessagesFilter) =>
  queryOptions({
    queryKey: ['admin', 'messages', filter],
    queryFn: ({ signal }) =>
      apiGet<TeamMessagePage>(withQuery('/api/admin/messages', { status: filter.status, page: filter.page }), signal),
    placeholderData: keepPreviousData,
  });
export const useAdminMessages = (filter: MessagesFilter) => useQuery(adminMessagesQuery(filter));

// POST /api/admin/messages/{id}/handled
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/messages/${encodeURIComponent(id)}/handled`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
