import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';
import type { Property } from '../contract.ts';

export const fetchMyProperties = (signal?: AbortSignal) => apiGet<Property[]>('/api/user/properties', signal);

export const myPropertiesQuery = () =>
  queryOptions({ queryKey: ['properties', 'mine'], queryFn: ({ signal }) => fetchMyProperties(signal) });

export const useMyProperties = (enabled = true) => useQuery({ ...myPropertiesQuery(), enabled });
