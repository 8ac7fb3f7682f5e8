import type { QueryClient } from '@tanstack/react-query'
import type { User } from '../../lib/contract'
import { currentUserQuery } from '../../lib/current-user'

/**
 * A sign-in or registration was answered: who is signed in is known at once, and every answer
 * cached before was fetched as a visitor (a listing without its owner's contact details, say), so
 * all are fetched again: those on screen now, the others when next shown.
 */
export async function startSession(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(currentUserQuery().queryKey, user)
  await queryClient.invalidateQueries()
}
