import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { ProviderPage, ProviderStatus, ProviderStatusAnswer } from '../../lib/contract.ts';

export type ProviderTab = { status: ProviderStatus; page: number };

// GET /api/service-providers?status=...: admins see every status, with counts per status.
export const fetchAdminProviders = (tab: ProviderTab, signal?: AbortSignal) =>
  apiGet<ProviderPage>(withQuery('/api/service-providers', { status: tab.status, page: tab.page }), signal);

export const adminProvidersQuery = (tab: ProviderTab) =>
  queryOptions({
    // Under 'admin': admins' answers are never kept on the device (pwa/offline/persist-cache.ts).
    queryKey: ['admin', 'service-providers', tab],
    queryFn: ({ signal }) => fetchAdminProviders(tab, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAdminProviders = (tab: ProviderTab) => useQuery(adminProvidersQuery(tab));

// PATCH /api/service-providers/{id}/status: approve, reject, revoke, approve again.
export function useSetProviderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProviderStatus }) =>
      apiRequest<ProviderStatusAnswer>('PATCH', `/api/service-providers/${encodeURIComponent(id)}/status`, {
        body: { status },
      }),
    // Every list (the tabs, their counts, the directory) may have changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'service-providers'] }),
        queryClient.invalidateQueries({ queryKey: ['service-providers'] }),
      ]),
  });
}
