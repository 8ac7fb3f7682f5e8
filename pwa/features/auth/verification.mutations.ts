import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import type { Channel } from '../../lib/queries/resend-code.mutation.ts';

export const postVerificationCode = (channel: Channel, code: string) =>
  apiRequest<{ message?: string }>(
    'POST',
    channel === 'email' ? '/api/auth/verify-email-code' : '/api/auth/verify-phone-code',
    { body: { code } },
  );

export function useVerifyCode(channel: Channel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => postVerificationCode(channel, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  });
}
