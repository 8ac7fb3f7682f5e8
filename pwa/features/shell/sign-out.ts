import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'
import { whenOutboxIdle } from '../../offline/drain'

/**
 * Logout call, then always: clear every cached answer, go to / and reload (even if the call
 * failed). The call waits for the outbox to be idle, so nothing of this person's is being
 * sent while their session ends (and then under the next person's).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await whenOutboxIdle(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout')
    } catch (error) {
      console.error('logout failed', error)
    }
  })
  queryClient.clear()
  window.location.assign('/')
}

/** What someone signing out with changes not yet sent is told: how many, and that they are kept. */
export const unsentWarning = (count: number) =>
  count === 1
    ? 'You have 1 unsent change. It stays on this phone and is sent when you sign in again.'
    : `You have ${count} unsent changes. They stay on this phone and are sent when you sign in again.`
