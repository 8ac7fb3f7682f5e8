import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { RegisterAnswer, RegisterBody } from '../../lib/contract.ts';
import { recordSignIn } from '../../offline/session-store.ts';
import { startSession } from './signed-in.ts';

/** Registering signs in: as for postLogin, a pending sign-out goes first and senders learn of the new session. */
export async function postRegister(body: RegisterBody): Promise<RegisterAnswer> {
  const answer = await apiRequest<RegisterAnswer>('POST', '/api/auth/register', { body });
  await recordSignIn().catch(() => undefined);
  return answer;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRegister,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
