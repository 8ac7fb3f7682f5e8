import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import { currentUserQuery } from '../../lib/current-user'
import type { ProfileUpdateAnswer, ProfileUpdateBody } from '../../lib/contract'

export const putProfile = (body: ProfileUpdateBody) => apiRequest<ProfileUpdateAnswer>('PUT', '/api/auth/profile', { body })

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: putProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  })
}
