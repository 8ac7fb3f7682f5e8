import type { OutboxItem } from './outbox-store'

// Whose outbox items are whose. A phone is often shared: an item is sent only with the
// session of the person who queued it, and shown only to them.

/** The id of the person signed in, or null when nobody is. */
export type SignedIn = string | null

export const isOwnedBy = (item: OutboxItem, signedIn: SignedIn) => signedIn !== null && item.ownerId === signedIn

/** Queued before the app recorded who queued what: nobody can tell whose it is. */
export const isUnclaimed = (item: OutboxItem) => item.ownerId === null

/**
 * What the signed-in person sees: their own items, and the unclaimed ones, which only the
 * person who made them can recognise (and claim or discard). Nothing when nobody is signed in.
 */
export const visibleTo = (items: OutboxItem[], signedIn: SignedIn) =>
  signedIn === null ? [] : items.filter((item) => item.ownerId === signedIn || isUnclaimed(item))

/** How many of the person's own changes have not reached the server (told when signing out). */
export const unsentCount = (items: OutboxItem[], signedIn: SignedIn) => items.filter((item) => isOwnedBy(item, signedIn)).length

export type Due = { now: number; force: boolean; tried: ReadonlySet<string> }

/** Waiting, not tried yet in this drain, and its back-off over (or forced). Whoever owns it. */
export const isDue = (item: OutboxItem, due: Due) =>
  item.status === 'waiting' && !due.tried.has(item.id) && (due.force || item.nextAttemptAt <= due.now)

/** The oldest due item of the signed-in person; another person's items stay untouched. */
export const nextToSend = (items: OutboxItem[], signedIn: SignedIn, due: Due) =>
  items.find((item) => isOwnedBy(item, signedIn) && isDue(item, due))

/** The outbox bar's button: "2 waiting to send", "1 not sent, 0 waiting", "1 to check". */
export function outboxSummary(items: OutboxItem[]): string {
  const unclaimed = items.filter(isUnclaimed).length
  const own = items.filter((item) => !isUnclaimed(item))
  const failed = own.filter((item) => item.status === 'failed').length
  const parts: string[] = []
  if (failed > 0) parts.push(`${failed} not sent, ${own.length - failed} waiting`)
  else if (own.length > 0) parts.push(`${own.length} waiting to send`)
  if (unclaimed > 0) parts.push(`${unclaimed} to check`)
  return parts.join(', ')
}
