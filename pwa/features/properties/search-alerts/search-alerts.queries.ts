import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import { onFormSent, sendForm } from '../../../offline/queue-form.ts';
import { SEARCH_ALERT_ENDPOINT } from '../search-alert.outbox.ts';
import type { SavedSearch, SavedSearchesAnswer, SavedSearchFilters } from './search-alerts-contract.ts';

const ALERTS_KEY = ['user', 'saved-searches'] as const;

// GET /api/user/saved-searches
export const searchAlertsQuery = () =>
  queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: ({ signal }) => apiGet<SavedSearchesAnswer>('/api/user/saved-searches', signal),
  });
export const useSearchAlerts = (enabled = true) => useQuery({ ...searchAlertsQuery(), enabled });

export type AlertToSave = { filters: SavedSearchFilters; label: string; ownerId: string };

// POST /api/user/saved-searches: now when online, else kept in the outbox and sent once back
// online (pwa/offline/queue-form.ts), with one Idempotency-Key for every attempt.
export function useSaveSearch() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
  return useMutation({
    mutationFn: ({ filters, label, ownerId }: AlertToSave) =>
      sendForm<{ message: string; savedSearch: SavedSearch }>({
        endpoint: SEARCH_ALERT_ENDPOINT,
        body: { filters },
        label,
        ownerId,
      }),
    onSuccess: (outcome) => {
      if (outcome.status === 'sent') return refresh();
      const stop = onFormSent(outcome.key, () => {
        stop();
        refresh();
      });
    },
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
