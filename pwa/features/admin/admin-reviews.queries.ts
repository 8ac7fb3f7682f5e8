import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { AdminReviewPage } from '../../../api/contract/reviews.schema.ts';

export type ReviewsFilter = { status: 'live' | 'removed' | 'all'; q: string; page: number };

const REVIEWS_KEY = ['admin', 'reviews'] as const;

// GET /api/admin/reviews
export const adminReviewsQuery = (filter: ReviewsFilter) =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, filter],
    queryFn: ({ signal }) =>
      apiGet<AdminReviewPage>(
        withQuery('/api/admin/reviews', { status: filter.status, q: filter.q, page: filter.page }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useAdminReviews = (filter: ReviewsFilter) => useQuery(adminReviewsQuery(filter));

// POST /api/admin/reviews/{id}/remove
export function useRemoveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<{ message: string }>('POST', `/api/admin/reviews/${encodeURIComponent(id)}/remove`, {
        body: { reason },
      }),
    // The listing's page and cards show the rating without it too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
  });
}
