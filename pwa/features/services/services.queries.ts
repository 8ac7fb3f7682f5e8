import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, withQuery } from '../../lib/api-client.ts';
import type { ProviderPage } from '../../lib/contract.ts';
import type { DirectoryFilter } from './services-search.ts';

// GET /api/service-providers?status=approved: the directory, for signed-in people only.
export const fetchDirectory = (filter: DirectoryFilter, signal?: AbortSignal) =>
  apiGet<ProviderPage>(
    withQuery('/api/service-providers', {
      status: 'approved',
      category: filter.category,
      area: filter.area,
      emergency: filter.emergency ? 'true' : undefined,
      page: filter.page,
    }),
    signal,
  );

export const directoryQuery = (filter: DirectoryFilter) =>
  queryOptions({
    queryKey: ['service-providers', 'directory', filter],
    queryFn: ({ signal }) => fetchDirectory(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useDirectory = (filter: DirectoryFilter, enabled: boolean) =>
  useQuery({ ...directoryQuery(filter), enabled });
