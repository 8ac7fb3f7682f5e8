import type { Property } from '../lib/contract'
import type { OutboxItem } from './outbox-item.schema'
import { UnknownKindError } from './outbox-retry'
import { sendNewListing, type PhotoProgress } from './send-listing'
import { call, type SessionCheck } from './outbox-call'

export { isRefusal } from './outbox-retry'
export type { PhotoProgress } from './send-listing'

// How each kind of outbox item reaches the server, in a page or in the service worker.
// Every request carries the item's Idempotency-Key, and is sent only under the session the item started under.

export async function send(item: OutboxItem, session: SessionCheck, onProgress: (progress: PhotoProgress) => void = () => {}): Promise<unknown> {
  switch (item.kind) {
    case 'favorite':
      return call(session, item.favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(item.propertyId)}`, item.id)
    case 'create-listing':
      return sendNewListing(item, session, onProgress)
    case 'edit-listing':
      return call<Property>(session, 'PUT', `/api/properties/${encodeURIComponent(item.propertyId)}`, item.id, item.body)
    case 'post-form':
      return call(session, 'POST', item.endpoint, item.id, item.body)
    case 'unknown':
      throw new UnknownKindError(item.storedKind)
    default: {
      const unknown: never = item
      throw new UnknownKindError(JSON.stringify(unknown))
    }
  }
}
