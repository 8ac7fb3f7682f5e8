import { createStore, del, get, set, values } from 'idb-keyval'
import type { CreatePropertyInput, Property, UpdatePropertyInput } from '../lib/contract'
import { getDraft } from './drafts-store'
import type { ListingValues } from './listing-edit-diff'

// The outbox: actions waiting to reach the server, in their own IndexedDB database
// (never in the query cache, which a new build drops). Page and service worker share it.

type Base = {
  /** Sent as the Idempotency-Key (with a suffix per request of a multi-request item). */
  id: string
  /**
   * The id of the person signed in when it was queued: it is sent only with their session.
   * Null for an item queued before the app recorded owners (see recordMissingOwners).
   */
  ownerId: string | null
  createdAt: number
  /** What the person reads in the "waiting" list. */
  label: string
  status: 'waiting' | 'failed'
  attempts: number
  nextAttemptAt: number
  /** Why a failed item stopped (the server's message), shown with Fix and Discard. */
  error?: string
  /** The HTTP status of that refusal. */
  httpStatus?: number
}

export type FavoriteItem = Base & { kind: 'favorite'; propertyId: string; favorite: boolean; property: Property }
export type CreateListingItem = Base & {
  kind: 'create-listing'
  draftId: string
  body: Omit<CreatePropertyInput, 'images'>
  /** Photo URLs already uploaded, by photo index: each photo is uploaded once. */
  uploaded: (string | null)[]
  /** Set once the listing exists. */
  propertyId?: string
}
export type EditListingItem = Base & {
  kind: 'edit-listing'
  propertyId: string
  body: UpdatePropertyInput
  /** The listing's values the edit was based on (at body.expectedVersion): shown beside a refusal, and what a re-apply compares with. */
  baseValues?: ListingValues
}
export type OutboxItem = FavoriteItem | CreateListingItem | EditListingItem

const store = () => createStore('efie-outbox', 'items')
const channelName = 'efie-outbox'

/** Tells every page and the worker that the outbox changed (or an item was sent). */
export type OutboxMessage = { type: 'changed' } | { type: 'sent'; item: OutboxItem; result: unknown }
type Envelope = { from: string; message: OutboxMessage }

// Listeners in this context hear a message at once; other contexts through the channel.
// A channel also delivers to this context's other channel objects, hence the sender id.
const CONTEXT_ID = Math.random().toString(36).slice(2)
const localListeners = new Set<(message: OutboxMessage) => void>()

export function announce(message: OutboxMessage) {
  localListeners.forEach((listener) => listener(message))
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(channelName)
  channel.postMessage({ from: CONTEXT_ID, message } satisfies Envelope)
  channel.close()
}

export function listen(listener: (message: OutboxMessage) => void): () => void {
  localListeners.add(listener)
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName)
  if (channel) {
    channel.onmessage = (event: MessageEvent<Envelope>) => {
      if (event.data.from !== CONTEXT_ID) listener(event.data.message)
    }
  }
  return () => {
    localListeners.delete(listener)
    channel?.close()
  }
}

export const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

// An item stored before owners were recorded has no ownerId at all: read it as unclaimed.
const withOwner = (item: OutboxItem): OutboxItem => (item.ownerId === undefined ? { ...item, ownerId: null } : item)

export async function listItems(): Promise<OutboxItem[]> {
  const items = await values<OutboxItem>(store())
  return items.map(withOwner).sort((a, b) => a.createdAt - b.createdAt)
}
export const getItem = async (id: string) => {
  const item = await get<OutboxItem>(id, store())
  return item && withOwner(item)
}

export async function putItem(item: OutboxItem) {
  await set(item.id, item, store())
  announce({ type: 'changed' })
}
export async function removeItem(id: string) {
  await del(id, store())
  announce({ type: 'changed' })
}

type NewItem<T extends OutboxItem> = Omit<T, 'id' | 'createdAt' | 'status' | 'attempts' | 'nextAttemptAt'>
export function fresh<T extends OutboxItem>(fields: NewItem<T>): T {
  const now = Date.now()
  return { ...fields, id: newId(), createdAt: now, status: 'waiting', attempts: 0, nextAttemptAt: now } as T
}

/**
 * Favourites are sent as the wanted state: a newer wish of the same person for the same
 * property replaces their waiting one (with a new id, since the same key with another
 * request is refused). Another person's wish for it stays: it is theirs.
 */
export async function queueFavorite(property: Property, favorite: boolean, ownerId: string): Promise<FavoriteItem> {
  const previous = (await listItems()).filter(
    (item): item is FavoriteItem => item.kind === 'favorite' && item.propertyId === property.id && item.ownerId === ownerId,
  )
  for (const item of previous) await del(item.id, store())
  const item = fresh<FavoriteItem>({
    kind: 'favorite',
    ownerId,
    propertyId: property.id,
    favorite,
    property,
    label: `${favorite ? 'Save' : 'Remove from saved'}: ${property.title}`,
  })
  await putItem(item)
  return item
}

/**
 * Items queued before the app recorded owners get one, once: a new listing takes its draft's
 * owner (drafts always recorded theirs). Nothing else tells who queued a favourite or an edit,
 * and guessing "whoever signs in next" is the very mistake this prevents, so those become
 * unclaimed (null): never sent on their own, shown to whoever signs in to claim or discard.
 * Run under the outbox lock (drain.ts), so no other context writes the items meanwhile.
 */
export async function recordMissingOwners() {
  let changed = false
  for (const item of await values<OutboxItem>(store())) {
    if (item.ownerId !== undefined) continue
    const ownerId = item.kind === 'create-listing' ? ((await getDraft(item.draftId))?.ownerId ?? null) : null
    await set(item.id, { ...item, ownerId }, store())
    changed = true
  }
  if (changed) announce({ type: 'changed' })
}
