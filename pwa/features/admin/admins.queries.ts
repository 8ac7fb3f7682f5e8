import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import type { AdminListAnswer, GrantAdminAnswer, GrantAdminBody, RevokeAdminAnswer } from './admins-contract.ts';

// GET /api/admin/admins
export const adminsQuery = () =>
  queryOptions({
    // Under 'admin': admins' answers are never kept on the device (pwa/offline/persist-cache.ts).
    queryKey: ['admin', 'admins'],
    queryFn: ({ signal }) => apiGet<AdminListAnswer>('/api/admin/admins', signal),
    retry: false,
  });
export const useAdmins = () => useQuery(adminsQuery());

// POST /api/admin/admins
export function useGrantAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantAdminBody) => apiRequest<GrantAdminAnswer>('POST', '/api/admin/admins', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] }),
  });
}

// DELETE /api/admin/admins/{userId}
export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<RevokeAdminAnswer>('DELETE', `/api/admin/admins/${encodeURIComponent(userId)}`),
    // A refusal (the last admin, someone revoked meanwhile) also means the list on screen is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] }),
  });
}
