import { errorText } from '../lib/api-client'
import { getItem, listItems, putItem, removeItem, announce, type OutboxItem } from './outbox-store'
import { isRefusal, send } from './send'
import { deleteDraft } from './drafts-store'

// Sends what is due, one item at a time, under a Web Lock shared by every page and the
// service worker: whoever holds it sends, the others skip (and the holder keeps going
// until nothing is due), so no item is ever sent by two contexts at once.

const LOCK = 'efie-outbox'
const BASE_DELAY_MS = 2_000
const MAX_DELAY_MS = 60_000

export const backoff = (attempts: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1)) * (0.8 + Math.random() * 0.4)

export type DrainResult = { sent: number; waiting: number; failed: number }

async function withLock<T>(run: () => Promise<T>): Promise<T | null> {
  if (!('locks' in navigator) || !navigator.locks) return run()
  return navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? run() : null))
}

async function sendOne(listed: OutboxItem): Promise<'sent' | 'waiting' | 'failed'> {
  // Re-read under the lock: another context may have sent or discarded it meanwhile.
  const item = await getItem(listed.id)
  if (!item || item.status !== 'waiting') return 'sent'
  try {
    const result = await send(item)
    await removeItem(item.id)
    if (item.kind === 'create-listing') await deleteDraft(item.draftId)
    announce({ type: 'sent', item, result })
    return 'sent'
  } catch (error) {
    const latest = (await getItem(item.id)) ?? item
    if (isRefusal(error)) {
      await putItem({ ...latest, status: 'failed', error: errorText(error, error.message), httpStatus: error.status, attempts: latest.attempts + 1 } as OutboxItem)
      return 'failed'
    }
    const attempts = latest.attempts + 1
    await putItem({ ...latest, attempts, nextAttemptAt: Date.now() + backoff(attempts) } as OutboxItem)
    return 'waiting'
  }
}

/** Sends every due item; answers null when another context holds the lock. */
export function drainOutbox(options: { force?: boolean } = {}): Promise<DrainResult | null> {
  return withLock(async () => {
    const result: DrainResult = { sent: 0, waiting: 0, failed: 0 }
    const tried = new Set<string>()
    for (;;) {
      const due = (await listItems()).find(
        (item) => item.status === 'waiting' && !tried.has(item.id) && (options.force || item.nextAttemptAt <= Date.now()),
      )
      if (!due) break
      tried.add(due.id)
      const outcome = await sendOne(due)
      result[outcome === 'sent' ? 'sent' : outcome === 'failed' ? 'failed' : 'waiting']++
      // Offline (or the API is unreachable): the rest would fail the same way.
      if (outcome === 'waiting') break
    }
    return result
  })
}
