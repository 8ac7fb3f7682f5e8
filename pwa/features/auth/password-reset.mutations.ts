import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

import type { MessageAnswer } from '../../lib/contract.ts';

export const postForgotPassword = (email: string) =>
  apiRequest<MessageAnswer>('POST', '/api/auth/forgot-password', { body: { email } });
export const useForgotPassword = () => useMutation({ mutationFn: postForgotPassword });

export const postResetPassword = (body: { token: string; newPassword: string; confirmPassword: string }) =>
  apiRequest<MessageAnswer>('POST', '/api/auth/reset-password', { body });
export const useResetPassword = () => useMutation({ mutationFn: postResetPassword });
