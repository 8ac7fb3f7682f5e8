import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';
import type { Property } from '../contract.ts';

export const fetchProperty = (id: string, signal?: AbortSignal) =>
  apiGet<Property>(`/api/properties/${encodeURIComponent(id)}`, signal);

export const propertyQuery = (id: string) =>
  queryOptions({ queryKey: ['properties', 'detail', id], queryFn: ({ signal }) => fetchProperty(id, signal) });

export const useProperty = (id: string) => useQuery(propertyQuery(id));
