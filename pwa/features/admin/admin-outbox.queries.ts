import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import type { AdminOutboxAnswer } from '../../lib/contract.ts';

// GET /api/admin/outbox?status=failed
export const failedMessagesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'failed'],
    queryFn: ({ signal }) => apiGet<AdminOutboxAnswer>('/api/admin/outbox?status=failed', signal),
    // The SMS budget's state changes as the hour goes by: kept fresh while the tab is open.
    refetchInterval: 60_000,
  });

export const useFailedMessages = () => useQuery(failedMessagesQuery());

// POST /api/admin/outbox/{id}/retry
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/outbox/${encodeURIComponent(id)}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
