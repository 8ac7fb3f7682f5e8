import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { AgentLicenseEntry, AgentLicensePage } from './agent-licenses-contract.ts';

export type LicenseFilterStatus = 'pending' | 'verified' | 'rejected' | 'all';
export type LicensesFilter = { status: LicenseFilterStatus; page: number };
type Decided = { message: string; agent: AgentLicenseEntry };

const LICENSES_KEY = ['admin', 'agent-licenses'] as const;

// GET /api/admin/agent-licenses
export const adminLicensesQuery = (filter: LicensesFilter) =>
  queryOptions({
    queryKey: [...LICENSES_KEY, filter],
    queryFn: ({ signal }) =>
      apiGet<AgentLicensePage>(
        withQuery('/api/admin/agent-licenses', { status: filter.status, page: filter.page }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useAdminLicenses = (filter: LicensesFilter) => useQuery(adminLicensesQuery(filter));

/** The number the admin saw goes with the finding: a number changed since is refused (409 license_changed). */
export type LicenseDecision =
  | { action: 'verify'; userId: string; licenseNumber: string }
  | { action: 'reject'; userId: string; licenseNumber: string; reason: string };

// POST /api/admin/agent-licenses/{userId}/verify and /reject
export function useDecideLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId, ...body }: LicenseDecision) =>
      apiRequest<Decided>('POST', `/api/admin/agent-licenses/${encodeURIComponent(userId)}/${action}`, { body }),
    // Also after a refusal: a 409 means the list is stale (a new number, or another admin's finding).
    onSettled: () => queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
  });
}
