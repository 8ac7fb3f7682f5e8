import { errorText } from '../lib/api-client'
import { getItem, listItems, putItem, removeItem, announce, recordMissingOwners, type OutboxItem } from './outbox-store'
import { isDue, nextToSend, type Due, type SignedIn } from './outbox-owner'
import { isRefusal, send } from './send'
import { deleteDraft } from './drafts-store'
import { whoIsSignedIn } from './signed-in-user'

// Sends what is due, one item at a time, under a Web Lock shared by every page and the
// service worker: whoever holds it sends, the others skip (and the holder keeps going
// until nothing is due), so no item is ever sent by two contexts at once. A phone is
// often shared: before each item it asks the server who is signed in, and sends an item
// only with its owner's session.

const LOCK = 'efie-outbox'
const BASE_DELAY_MS = 2_000
const MAX_DELAY_MS = 60_000

export const backoff = (attempts: number) => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1)) * (0.8 + Math.random() * 0.4)

/** `otherSession`: the server named someone other than the page believed signed in. */
export type DrainResult = { sent: number; waiting: number; failed: number; otherSession: boolean }

async function withLock<T>(run: () => Promise<T>): Promise<T | null> {
  if (!('locks' in navigator) || !navigator.locks) return run()
  return navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? run() : null))
}

/** No answer, or not the owner's session: tried again later, less and less often. */
async function backOff(item: OutboxItem) {
  const latest = (await getItem(item.id)) ?? item
  const attempts = latest.attempts + 1
  await putItem({ ...latest, attempts, nextAttemptAt: Date.now() + backoff(attempts) } as OutboxItem)
}

async function sendOne(listed: OutboxItem): Promise<'sent' | 'waiting' | 'failed' | 'not-theirs'> {
  // Re-read under the lock: another context may have sent or discarded it meanwhile.
  const item = await getItem(listed.id)
  if (!item || item.status !== 'waiting') return 'sent'
  try {
    // The cookie decides whose request the server takes it for: only the owner's session may send it.
    if ((await whoIsSignedIn()) !== item.ownerId) {
      await backOff(item)
      return 'not-theirs'
    }
    const result = await send(item)
    await removeItem(item.id)
    if (item.kind === 'create-listing') await deleteDraft(item.draftId)
    announce({ type: 'sent', item, result })
    return 'sent'
  } catch (error) {
    if (isRefusal(error)) {
      const latest = (await getItem(item.id)) ?? item
      await putItem({ ...latest, status: 'failed', error: errorText(error, error.message), httpStatus: error.status, attempts: latest.attempts + 1 } as OutboxItem)
      return 'failed'
    }
    await backOff(item)
    return 'waiting'
  }
}

/**
 * Sends, oldest first, every due item of one person: `signedIn`, whom the page believes
 * signed in (nobody: nothing is sent), or, from the service worker, whoever the server says.
 * Each item is sent only after the server confirms its owner's session; another person's
 * items stay as they are. Answers null when another context holds the lock.
 */
export function drainOutbox(options: { force?: boolean; signedIn?: SignedIn } = {}): Promise<DrainResult | null> {
  return withLock(async () => {
    await recordMissingOwners()
    const result: DrainResult = { sent: 0, waiting: 0, failed: 0, otherSession: false }
    const tried = new Set<string>()
    const due = (): Due => ({ now: Date.now(), force: options.force ?? false, tried })
    let owner = options.signedIn
    if (owner === undefined) {
      // The worker has no page to ask; with nothing due, it need not ask the server either.
      if (!(await listItems()).some((item) => isDue(item, due()))) return result
      try {
        owner = await whoIsSignedIn()
      } catch {
        result.waiting++
        return result
      }
    }
    for (;;) {
      const next = nextToSend(await listItems(), owner, due())
      if (!next) break
      tried.add(next.id)
      const outcome = await sendOne(next)
      if (outcome === 'not-theirs') {
        result.otherSession = true
        result.waiting++
        break
      }
      result[outcome]++
      // Offline (or the API is unreachable): the rest would fail the same way.
      if (outcome === 'waiting') break
    }
    return result
  })
}

/**
 * Runs `change` (signing out) once no context is sending, so an item with several requests
 * (a listing's photos, then the listing) is never sent half under one session and half
 * under the next. Waits at most `patienceMs` for a slow send, then runs it anyway.
 */
export async function whenOutboxIdle(change: () => Promise<void>, patienceMs = 15_000): Promise<void> {
  if (!('locks' in navigator) || !navigator.locks) return change()
  let ran = false
  try {
    await navigator.locks.request(LOCK, { signal: AbortSignal.timeout(patienceMs) }, async () => {
      ran = true
      await change()
    })
  } catch (error) {
    if (ran) throw error
    await change()
  }
}
