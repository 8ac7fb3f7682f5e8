import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import type { RegisterAnswer, RegisterBody } from '../../lib/contract'
import { currentUserQuery } from '../../lib/current-user'

export const postRegister = (body: RegisterBody) => apiRequest<RegisterAnswer>('POST', '/api/auth/register', { body })

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postRegister,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(currentUserQuery().queryKey, user)
      await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey })
    },
  })
}
