import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, isStatus } from './api-client.ts';
import { SESSION_HINT_COOKIE, SESSION_HINT_VALUE, type User } from './contract.ts';
import { SignOutPendingError } from '../offline/session-change.ts';

/** Whether a session may exist: the server sets a readable companion of its httpOnly session cookie. */
const mayBeSignedIn = () =>
  typeof document === 'undefined' ||
  document.cookie.split(/;\s*/).includes(`${SESSION_HINT_COOKIE}=${SESSION_HINT_VALUE}`);

/** The session the hint spoke of is gone (it expired, or was ended elsewhere): ask no more until a sign-in. */
const forgetHint = () => {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and no value; the Cookie Store API is missing from older phones' browsers.
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
};

// GET /api/auth/user: a 401 means "no one is signed in", not an error. So does a sign-out that
// has not reached the server yet: whoever signed out is not signed in on this phone any more.
// With no session cookie there is no one to ask about: no call is made that is bound to fail.
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (!mayBeSignedIn()) return null;
  try {
    return await apiGet<User>('/api/auth/user', signal);
  } catch (error) {
    if (isStatus(error, 401)) forgetHint();
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
