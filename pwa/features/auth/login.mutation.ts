import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import type { LoginAnswer, LoginBody } from '../../lib/contract'
import { currentUserQuery } from '../../lib/current-user'

export const postLogin = (body: LoginBody) => apiRequest<LoginAnswer>('POST', '/api/auth/login', { body })

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postLogin,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(currentUserQuery().queryKey, user)
      await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey })
    },
  })
}
