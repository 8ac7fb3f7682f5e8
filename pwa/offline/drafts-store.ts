import { createStore, del, get, set, values } from 'idb-keyval'

// Listing drafts with their photos (downscaled Blobs), in their own IndexedDB database:
// they survive closing the app and a new build, and never enter the query cache.

export type DraftPhoto = { id: string; blob: Blob; width: number; height: number }
export type DraftRecord<Fields = Record<string, unknown>> = {
  id: string
  ownerId: string
  createdAt: number
  updatedAt: number
  step: number
  fields: Fields
  photos: DraftPhoto[]
  /** The outbox item sending it, once the host submitted it. */
  queuedItemId?: string
}

const store = () => createStore('efie-drafts', 'drafts')

export async function listDrafts(ownerId: string): Promise<DraftRecord[]> {
  const all = await values<DraftRecord>(store())
  return all.filter((draft) => draft.ownerId === ownerId).sort((a, b) => b.updatedAt - a.updatedAt)
}
export const getDraft = (id: string) => get<DraftRecord>(id, store())
export const deleteDraft = (id: string) => del(id, store())

export class StorageFullError extends Error {
  constructor() {
    super("Your phone's storage is full, so this draft could not be saved. Free some space or remove a photo, then try again.")
    this.name = 'StorageFullError'
  }
}

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')

let persistenceAsked = false
/** Asks once for persistent storage, so the browser does not evict drafts under pressure. */
async function askForPersistence() {
  if (persistenceAsked) return
  persistenceAsked = true
  try {
    if (navigator.storage?.persisted && !(await navigator.storage.persisted())) await navigator.storage.persist()
  } catch {
    // Not granted or not supported: drafts still work, they are only evictable.
  }
}

export async function saveDraft(draft: DraftRecord) {
  try {
    await set(draft.id, draft, store())
  } catch (error) {
    if (isQuotaError(error) || (error instanceof Error && /quota/i.test(error.message))) throw new StorageFullError()
    throw error
  }
  void askForPersistence()
}
