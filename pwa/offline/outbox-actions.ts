import { unmarkDraftQueued } from './drafts-store'
import { removeItem, type OutboxItem } from './outbox-store'

/**
 * Drops an item from the outbox; a listing's draft stays, editable again, with the photos
 * already uploaded remembered. The item goes first: an app stopped in between leaves a draft
 * marked for a missing item, which the next drain gives back (repairOrphanedDrafts).
 */
export async function discardItem(item: OutboxItem) {
  await removeItem(item.id)
  if (item.kind === 'create-listing') await unmarkDraftQueued(item.draftId, item.id)
}
