import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import type { SavedSearch, SavedSearchesAnswer, SavedSearchFilters } from './search-alerts-contract.ts';

const ALERTS_KEY = ['user', 'saved-searches'] as const;

// GET /api/user/saved-searches
export const searchAlertsQuery = () =>
  queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => apiGet<SavedSearchesAnswer>('/api/user/saved-searches', signal),
  });
export const useSearchAlerts = (enabled = true) => useQuery({ ...searchAlertsQuery(), enabled });

// POST /api/user/saved-searches
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { filters: SavedSearchFilters }) =>
      apiRequest<{ message: string; savedSearch: SavedSearch }>('POST', '/api/user/saved-searches', { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

// DELETE /api/user/saved-searches/{id}
export function useDeleteSearchAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>('DELETE', `/api/user/saved-searches/${encodeURIComponent(id)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
