import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import { currentUserQuery } from '../../lib/current-user'

export type Channel = 'email' | 'phone'

export const postVerificationCode = (channel: Channel, code: string) =>
  apiRequest<{ message?: string }>('POST', channel === 'email' ? '/api/auth/verify-email-code' : '/api/auth/verify-phone-code', { body: { code } })

export function useVerifyCode(channel: Channel) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => postVerificationCode(channel, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  })
}

/** A new code to the address waiting for one (a new address first, else the current one if unproven). */
export const postResendCode = (channel: Channel) =>
  apiRequest<{ message?: string }>('POST', channel === 'email' ? '/api/auth/resend-email-verification' : '/api/auth/resend-phone-verification')

export const useResendCode = (channel: Channel) => useMutation({ mutationFn: () => postResendCode(channel) })
