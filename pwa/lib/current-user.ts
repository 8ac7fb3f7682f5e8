import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, isStatus } from './api-client.ts';
import type { User } from './contract.ts';
import { SignOutPendingError } from '../offline/session-change.ts';

// GET /api/auth/user: a 401 means "no one is signed in", not an error. So does a sign-out that
// has not reached the server yet: whoever signed out is not signed in on this phone any more.
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiGet<User>('/api/auth/user', signal);
  } catch (error) {
    if (isStatus(error, 401) || error instanceof SignOutPendingError) return null;
    throw error;
  }
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60 * 1000,
    refetchOnMount: false,
  });

/** Whether a query is the current user's (GET /api/auth/user), whichever client's Query type it comes as. */
export const isCurrentUserQuery = (query: { queryKey: readonly unknown[] }): boolean => {
  const [first, second] = currentUserQuery().queryKey;
  return query.queryKey.length === 2 && query.queryKey[0] === first && query.queryKey[1] === second;
};

/** The id of the user this page last heard is signed in (null: nobody, or not known yet). */
export const cachedUserId = (queryClient: QueryClient): string | null =>
  queryClient.getQueryData<User | null>(currentUserQuery().queryKey)?.id ?? null;

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

/** The three authentication states of spec part 1 §4. A failed call counts as signed out. */
export function useAuth(): AuthState {
  const query = useQuery(currentUserQuery());
  if (query.isPending) return { status: 'loading', user: null };
  if (query.data) return { status: 'authenticated', user: query.data };
  return { status: 'unauthenticated', user: null };
}

export function displayName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || user.phone || 'User';
}

/** Avatar letter: first letter of firstName, else of email, else U. */
export function avatarLetter(user: User): string {
  return (user.firstName?.[0] ?? user.email?.[0] ?? 'U').toUpperCase();
}
