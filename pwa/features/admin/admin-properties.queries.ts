import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { Property, PropertyPage } from '../../lib/contract.ts';

export type AdminStatus = 'all' | 'active' | 'inactive' | 'verified' | 'unverified';
export type AdminFilter = { search: string; status: AdminStatus; page: number; limit?: number };

// GET /api/admin/properties
export const fetchAdminProperties = (filter: AdminFilter, signal?: AbortSignal) =>
  apiGet<PropertyPage>(
    withQuery('/api/admin/properties', {
      search: filter.search,
      status: filter.status === 'all' ? undefined : filter.status,
      page: filter.page,
      limit: filter.limit,
    }),
    signal,
  );

export const adminPropertiesQuery = (filter: AdminFilter) =>
  queryOptions({
    queryKey: ['admin', 'properties', filter],
    queryFn: ({ signal }) => fetchAdminProperties(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminProperties = (filter: AdminFilter) => useQuery(adminPropertiesQuery(filter));

// GET /api/admin/featured-properties
export const featuredAdminQuery = () =>
  queryOptions({
    queryKey: ['admin', 'featured'],
    queryFn: ({ signal }) => apiGet<Property[]>('/api/admin/featured-properties', signal),
  });
export const useAdminFeatured = () => useQuery(featuredAdminQuery());

/** Every admin change invalidates admin lists and public property answers. */
function useAdminMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['properties'] }),
      ]),
  });
}

const at = (id: string, rest = '') => `/api/admin/properties/${encodeURIComponent(id)}${rest}`;

export const useApprove = () => useAdminMutation((id: string) => apiRequest('POST', at(id, '/approve')));
export const useSetVisibility = () =>
  useAdminMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    apiRequest('PATCH', at(id, '/visibility'), { body: { isActive } }),
  );
export const useAdminDelete = () => useAdminMutation((id: string) => apiRequest('DELETE', at(id)));
export const useSetFeatured = () =>
  useAdminMutation(
    ({ id, isFeatured, featuredOrder }: { id: string; isFeatured: boolean; featuredOrder: number | null }) =>
      apiRequest('PATCH', at(id, '/featured'), { body: { isFeatured, featuredOrder } }),
  );
export const useReorderFeatured = () =>
  useAdminMutation((propertyOrders: { id: string; order: number }[]) =>
    apiRequest('POST', '/api/admin/reorder-featured-properties', { body: { propertyOrders } }),
  );
