import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { CreatePropertyInput, Property, UpdatePropertyInput } from '../../lib/contract.ts';

// POST /api/properties
export const postProperty = (body: CreatePropertyInput) => apiRequest<Property>('POST', '/api/properties', { body });
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProperty,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['properties'] }),
  });
}

// PUT /api/properties/{id}
// The key is the form's submission key: if the answer is lost, the outbox sends the same request under it.
export const putProperty = ({
  id,
  idempotencyKey,
  ...body
}: UpdatePropertyInput & { id: string; idempotencyKey: string }) =>
  apiRequest<Property>('PUT', `/api/properties/${encodeURIComponent(id)}`, { body, idempotencyKey });
export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putProperty,
    onSuccess: (property) => {
      if (property?.id) queryClient.setQueryData(['properties', 'detail', property.id], property);
      return queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
  });
}

// DELETE /api/properties/{id}
export const deleteProperty = (id: string) =>
  apiRequest<unknown>('DELETE', `/api/properties/${encodeURIComponent(id)}`);
export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['properties'] }),
  });
}
