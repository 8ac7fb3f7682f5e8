import { getDraft, saveDraft } from './drafts-store'
import { removeItem, type OutboxItem } from './outbox-store'

/** Drops an item from the outbox; a listing's draft stays, editable again. */
export async function discardItem(item: OutboxItem) {
  await removeItem(item.id)
  if (item.kind !== 'create-listing') return
  const draft = await getDraft(item.draftId)
  if (draft?.queuedItemId === item.id) {
    const { queuedItemId: _dropped, ...rest } = draft
    await saveDraft({ ...rest, updatedAt: Date.now() })
  }
}
