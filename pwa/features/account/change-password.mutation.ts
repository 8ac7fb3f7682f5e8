import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
export type ChangePasswordBody = { currentPassword: string; newPassword: string; confirmPassword: string };

export const putPassword = (body: ChangePasswordBody) =>
  apiRequest<unknown>('PUT', '/api/auth/change-password', { body });

export const useChangePassword = () => useMutation({ mutationFn: putPassword });
