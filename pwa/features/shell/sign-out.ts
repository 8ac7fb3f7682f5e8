import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

/** Logout call, then always: clear every cached answer, go to / and reload (even if the call failed). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout')
  } catch (error) {
    console.error('logout failed', error)
  }
  queryClient.clear()
  window.location.assign('/')
}
