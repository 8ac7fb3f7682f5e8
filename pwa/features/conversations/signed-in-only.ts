import { useEffect } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { rememberReturnPath } from '../../lib/after-sign-in.ts';
import { useAuth } from '../../lib/current-user.ts';

/**
 * A conversation is for signed-in people only: a visitor (one following a notice's link to
 * /messages/{id}, say) is sent to sign in and brought back here afterwards.
 */
export function useSignedInOnly() {
  const auth = useAuth();
  const navigate = useNavigate();
  const here = useLocation({ select: (location) => location.href });
  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    rememberReturnPath(here);
    void navigate({ to: '/login' });
  }, [auth.status, here, navigate]);
  return auth;
}
