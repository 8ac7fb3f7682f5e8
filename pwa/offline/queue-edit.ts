import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api-client'
import type { Property, UpdatePropertyInput } from '../lib/contract'
import { cachedUserId } from '../lib/current-user'
import { enqueue } from './outbox-runtime'
import { fresh, type EditListingItem } from './outbox-store'

/** No answer at all (offline, timed out) or a server error: worth sending again later. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof DOMException && ['AbortError', 'TimeoutError', 'NetworkError'].includes(error.name)) ||
  (error instanceof ApiError && error.status >= 500)

/**
 * A listing edit made offline goes to the outbox (with its expectedVersion, so an edit
 * that has gone stale meanwhile is refused and shown, not written over newer changes).
 * The listing on this device shows the edit at once.
 */
export async function queueEdit(queryClient: QueryClient, property: Property, body: UpdatePropertyInput) {
  const ownerId = cachedUserId(queryClient)
  // The edit form is shown to a signed-in person only; without one there is no session to send it with.
  if (!ownerId) throw new Error('Please sign in again to save your changes.')
  await enqueue(fresh<EditListingItem>({ kind: 'edit-listing', ownerId, propertyId: property.id, body, label: `Changes to ${body.title ?? property.title}` }))
  queryClient.setQueryData<Property>(['properties', 'detail', property.id], (old) => (old ? ({ ...old, ...body } as Property) : old))
}
