import type { UpdatePropertyInput } from '../lib/contract'
import type { ListingValues } from './listing-edit-diff'
import type { EditListingItem, OutboxItem } from './outbox-store'

// Point 2 of issue 20: queued edits of one listing become one outbox item, holding the
// latest values and the version the person first saw, so two offline saves never refuse
// each other. Pure; queue-edit.ts runs it under the outbox's lock, where nothing is in flight.

export type NewEdit = {
  /** The submission's Idempotency-Key: the merged item is sent under it (a different request needs a different key). */
  id: string
  ownerId: string
  propertyId: string
  label: string
  body: UpdatePropertyInput
  baseValues: ListingValues
  /** The online PUT already went out with exactly this body and key (its answer was lost): it must be queued as sent. */
  alreadySent: boolean
  /** An item this save replaces outright (the person opened a refused edit in the form and saved it again). */
  supersedes?: string | undefined
}

export type EditQueuePlan = { put: EditListingItem; remove: string[] }

const isWaitingEditOf = (item: OutboxItem, edit: NewEdit): item is EditListingItem =>
  item.kind === 'edit-listing' && item.propertyId === edit.propertyId && item.ownerId === edit.ownerId && item.status === 'waiting'

/**
 * The one item to store and the items it replaces. A waiting edit of the same listing by the
 * same person is merged into: its fields are overlaid by the new ones, and it keeps the
 * version (and base values) it was first based on. An edit whose request already left the
 * phone is never changed: the server may hold it under its key.
 */
export function planEditQueue(items: readonly OutboxItem[], edit: NewEdit, now: number): EditQueuePlan {
  const fresh: EditListingItem = {
    kind: 'edit-listing', id: edit.id, ownerId: edit.ownerId, propertyId: edit.propertyId, label: edit.label,
    body: edit.body, baseValues: edit.baseValues, createdAt: now, status: 'waiting', attempts: 0, nextAttemptAt: now,
  }
  const superseded = items.filter((item) => item.id === edit.supersedes && item.kind === 'edit-listing' && item.id !== edit.id).map((item) => item.id)
  const earlier = edit.alreadySent ? undefined : items.find((item): item is EditListingItem => isWaitingEditOf(item, edit) && item.id !== edit.id)
  if (!earlier) return { put: fresh, remove: superseded }
  const merged: EditListingItem = {
    ...fresh,
    // Oldest first stays true: the merged edit takes the earlier one's place in the queue.
    createdAt: earlier.createdAt,
    body: { ...earlier.body, ...edit.body, expectedVersion: earlier.body.expectedVersion },
    baseValues: earlier.baseValues ?? edit.baseValues,
  }
  return { put: merged, remove: [...superseded, earlier.id] }
}
