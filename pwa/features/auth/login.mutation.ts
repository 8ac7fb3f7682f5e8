import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { LoginAnswer, LoginBody } from '../../lib/contract.ts';
import { recordSignIn } from '../../offline/session-store.ts';
import { startSession } from './signed-in.ts';

/**
 * A last sign-out not yet on the server is sent before this (apiRequest); once answered, what a
 * sender started under the old session stops (recordSignIn).
 */
export async function postLogin(body: LoginBody): Promise<LoginAnswer> {
  const answer = await apiRequest<LoginAnswer>('POST', '/api/auth/login', { body });
  await recordSignIn().catch(() => undefined);
  return answer;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
