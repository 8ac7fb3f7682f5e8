import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../lib/contract.ts';
import { currentUserQuery, isCurrentUserQuery } from '../../lib/current-user.ts';

/**
 * A sign-in or registration was answered: who is signed in is known at once, from the answer (not
 * asked again). Every other answer depends on who asks, and those cached were fetched as a visitor:
 * listings (contact details only for signed-in people; a pending one, and its videos, only for its
 * owner or an admin), favourites, your own videos, the service directory (signed-in people only)
 * and the admin panel. They are fetched again: those on screen now, the others when next shown.
 */
export async function startSession(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(currentUserQuery().queryKey, user);
  await queryClient.invalidateQueries({ predicate: (query) => !isCurrentUserQuery(query) });
}
