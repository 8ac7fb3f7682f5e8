import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import type { ProfileUpdateAnswer, ProfileUpdateBody } from '../../lib/contract.ts';

export const putProfile = (body: ProfileUpdateBody) =>
  apiRequest<ProfileUpdateAnswer>('PUT', '/api/auth/profile', { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  });
}
