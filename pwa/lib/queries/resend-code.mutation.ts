import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

// Shared by the code-entry screens (auth) and Account Settings' "Verify email/phone" (account).

export type Channel = 'email' | 'phone';

/**
 * A new code to the address waiting for one (a new address first, else the current one if
 * unproven): POST /api/auth/resend-…-verification; 429 with Retry-After when asked too soon.
 */
export const postResendCode = (channel: Channel) =>
  apiRequest<{ message?: string }>(
    'POST',
    channel === 'email' ? '/api/auth/resend-email-verification' : '/api/auth/resend-phone-verification',
  );

export const useResendCode = (channel: Channel) => useMutation({ mutationFn: () => postResendCode(channel) });
