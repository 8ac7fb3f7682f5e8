import { ApiError } from '../lib/api-client'
import type { Property } from '../lib/contract'
import { getDraft } from './drafts-store'
import type { CreateListingItem, OutboxItem } from './outbox-store'
import { putItem } from './outbox-store'

// How each kind of outbox item reaches the server. Plain fetch, so the service worker
// can run it too. Every request carries the item's Idempotency-Key.

export const REQUEST_TIMEOUT_MS = 10_000

async function call<T>(method: string, url: string, key: string, body?: unknown): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Idempotency-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }
  if (body !== undefined) init.body = JSON.stringify(body)
  const response = await fetch(url, init)
  const text = await response.text()
  let parsed: unknown = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = null
  }
  if (!response.ok) throw new ApiError(response.status, text || response.statusText, parsed && typeof parsed === 'object' ? parsed : null)
  return parsed as T
}

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`
}

async function sendNewListing(item: CreateListingItem): Promise<Property> {
  const draft = await getDraft(item.draftId)
  if (!draft) throw new ApiError(410, 'The draft of this listing is no longer on this device.', { error: 'The draft of this listing is no longer on this device.' })
  const uploaded = draft.photos.map((_, index) => item.uploaded[index] ?? null)
  for (const [index, photo] of draft.photos.entries()) {
    if (uploaded[index]) continue
    // One key per photo: a retry after a lost answer gets the same URL back, not a second upload.
    const answer = await call<{ images: string[] }>('POST', '/api/upload/property-images', `${item.id}:photo:${photo.id}`, {
      images: [await dataUrl(photo.blob)],
    })
    uploaded[index] = answer.images[0] ?? null
    item.uploaded = uploaded
    await putItem(item)
  }
  return call<Property>('POST', '/api/properties', `${item.id}:create`, { ...item.body, images: uploaded.filter((url): url is string => !!url) })
}

export async function send(item: OutboxItem): Promise<unknown> {
  switch (item.kind) {
    case 'favorite':
      return call(item.favorite ? 'POST' : 'DELETE', `/api/favorites/${encodeURIComponent(item.propertyId)}`, item.id)
    case 'create-listing':
      return sendNewListing(item)
    case 'edit-listing':
      return call<Property>('PUT', `/api/properties/${encodeURIComponent(item.propertyId)}`, item.id, item.body)
    default: {
      const unknown: never = item
      throw new Error(`Unknown outbox item ${JSON.stringify(unknown)}`)
    }
  }
}

/** A 4xx is the server saying no: retrying will not help (except these, which are about timing). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 425, 429].includes(error.status) && error.body?.code !== 'request_in_progress'
}
