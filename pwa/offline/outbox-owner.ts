import { ANY_SESSION, type OutboxItem } from './outbox-item.schema.ts';
import { targetOf } from './outbox-registry.ts';

// Whose outbox items are whose. A phone is often shared: an item is sent only with the
// session of the person who queued it, and shown only to them.

/** The id of the person signed in, or null when nobody is. */
export type SignedIn = string | null;

/** A public form's item: sent with whatever session the phone has, or none. */
export const isForAnySession = (item: OutboxItem) => item.ownerId === ANY_SESSION;

/** Whether the person signed in (or nobody) may send it and see it: their own, or a public form's. */
export const isOwnedBy = (item: OutboxItem, signedIn: SignedIn) =>
  isForAnySession(item) || (signedIn !== null && item.ownerId === signedIn);

/** Queued before the app recorded who queued what: nobody can tell whose it is. */
export const isUnclaimed = (item: OutboxItem) => item.ownerId === null;

/**
 * What the signed-in person sees: their own items, and the unclaimed ones, which only the
 * person who made them can recognise (and claim or discard). Public forms' items are shown to
 * whoever holds the phone, signed in or not: nothing else when nobody is signed in.
 */
export const visibleTo = (items: OutboxItem[], signedIn: SignedIn) =>
  items.filter((item) => !item.supersededBy && (isOwnedBy(item, signedIn) || (signedIn !== null && isUnclaimed(item))));

/** Some item waits for a session that ended: the bar asks (whoever holds the phone) to sign in. */
export const waitsForSignIn = (items: OutboxItem[]) =>
  items.some((item) => item.needsSignIn && item.status === 'waiting' && !item.supersededBy);

/**
 * How many of the person's own changes have not reached the server (told when signing out).
 * A public form's item is not counted: it is sent after signing out too.
 */
export const unsentCount = (items: OutboxItem[], signedIn: SignedIn) =>
  items.filter((item) => signedIn !== null && item.ownerId === signedIn && !item.supersededBy).length;

export type Due = { now: number; force: boolean; tried: ReadonlySet<string> };

/** Waiting, not superseded, not tried yet in this drain, and its back-off over (or forced). Whoever owns it. */
export const isDue = (item: OutboxItem, due: Due) =>
  item.status === 'waiting' &&
  !item.supersededBy &&
  !due.tried.has(item.id) &&
  (due.force || item.nextAttemptAt <= due.now);

/**
 * The oldest due item of the signed-in person; another person's items stay untouched. Items
 * about one thing (a listing, a favourite) go in the order they were queued: one that is
 * waiting holds back the newer ones about the same thing, and nothing else.
 */
export function nextToSend(items: OutboxItem[], signedIn: SignedIn, due: Due): OutboxItem | undefined {
  const heldBack = new Set<string>();
  for (const item of items) {
    if (!isOwnedBy(item, signedIn) || item.status !== 'waiting' || item.supersededBy) continue;
    const target = targetOf(item);
    if (heldBack.has(target)) continue;
    if (isDue(item, due)) return item;
    heldBack.add(target);
  }
  return undefined;
}

/** The outbox bar's button: "2 waiting to send", "1 not sent, 0 waiting", "1 to check". */
/** The summary's words; the offline bar passes the active language's (the service worker imports this file, not the catalogs). */
export type SummaryWords = {
  notSentWaiting: (failed: number, waiting: number) => string;
  waiting: (count: number) => string;
  toCheck: (count: number) => string;
};

const ENGLISH: SummaryWords = {
  notSentWaiting: (failed, waiting) => `${failed} not sent, ${waiting} waiting`,
  waiting: (count) => `${count} waiting to send`,
  toCheck: (count) => `${count} to check`,
};

export function outboxSummary(items: OutboxItem[], words: SummaryWords = ENGLISH): string {
  const shown = items.filter((item) => !item.supersededBy);
  const unclaimed = shown.filter(isUnclaimed).length;
  const own = shown.filter((item) => !isUnclaimed(item));
  const failed = own.filter((item) => item.status === 'failed').length;
  const parts: string[] = [];
  if (failed > 0) parts.push(words.notSentWaiting(failed, own.length - failed));
  else if (own.length > 0) parts.push(words.waiting(own.length));
  if (unclaimed > 0) parts.push(words.toCheck(unclaimed));
  return parts.join(', ');
}
