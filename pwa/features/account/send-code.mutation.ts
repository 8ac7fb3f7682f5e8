import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

export type Address = 'email' | 'phone'

/** A code to the account's unproven address (POST /api/auth/resend-…-verification); 429 with Retry-After when asked too soon. */
export const postSendCode = (address: Address) =>
  apiRequest<{ message?: string }>('POST', address === 'email' ? '/api/auth/resend-email-verification' : '/api/auth/resend-phone-verification')

export const useSendCode = (address: Address) => useMutation({ mutationFn: () => postSendCode(address) })
