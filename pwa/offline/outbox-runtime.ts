import type { QueryClient } from '@tanstack/react-query';
import { cachedUserId, currentUserQuery } from '../lib/current-user.ts';
import { backoff, drainOutbox } from './drain.ts';
import { ApiError } from '../lib/api-client.ts';
import { outboxKindOf } from './outbox-registry.ts';
import { isOwnedBy, visibleTo, waitsForSignIn, type SignedIn } from './outbox-owner.ts';
import { isNoAnswer } from './no-answer.ts';
import {
  changeItem,
  listen,
  listItems,
  putItem,
  removeItem,
  type OutboxItem,
  type OutboxMessage,
  type SendProgress,
} from './outbox-store.ts';

// The page's side of the outbox: a live list for the screens (only what the signed-in
// person may see), and the triggers that drain it (start, online, page visible, signing
// in, a timer while their items wait, and Background Sync in the service worker).
// Results from any context arrive as 'sent' messages.

const SYNC_TAG = 'efie-outbox';
const MAX_TIMER_MS = 30_000;

/**
 * What the screens read: who this page believes is signed in, the items they may see, whether
 * some item waits for its owner to sign in again, and the upload under way (pages only).
 */
export type OutboxSnapshot = {
  signedIn: SignedIn;
  items: OutboxItem[];
  signInNeeded: boolean;
  sending: SendProgress | null;
};

let allItems: OutboxItem[] = [];
/** Items this page is sending itself (sendKeptFirst): in the outbox, but not shown as waiting here. */
const sendingHere = new Set<string>();
let snapshot: OutboxSnapshot = { signedIn: null, items: [], signInNeeded: false, sending: null };
const subscribers = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

export const outboxSnapshot = () => snapshot;
export function subscribeOutbox(callback: () => void) {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

function publish(signedIn: SignedIn, sending = snapshot.sending) {
  const shownSending =
    sending && allItems.some((item) => item.id === sending.itemId && isOwnedBy(item, signedIn)) ? sending : null;
  snapshot = {
    signedIn,
    items: visibleTo(
      allItems.filter((item) => !sendingHere.has(item.id)),
      signedIn,
    ),
    signInNeeded: signedIn === null && waitsForSignIn(allItems),
    sending: shownSending,
  };
  for (const callback of subscribers) callback();
  schedule();
}

async function refresh() {
  allItems = await listItems();
  publish(snapshot.signedIn);
}

// A sign-out whose logout got no answer is tried again, backing off like an item, so the session
// ends soon after the signal gets better even if nobody touches the phone.
let signOutTries = 0;
let signOutRetryAt = 0;

function schedule() {
  clearTimeout(timer);
  // Only the signed-in person's items: another person's are not sent until they are back.
  const waiting = allItems.filter(
    (item) => isOwnedBy(item, snapshot.signedIn) && item.status === 'waiting' && !item.supersededBy,
  );
  const times = waiting.map((item) => item.nextAttemptAt);
  if (signOutTries > 0) times.push(signOutRetryAt);
  if (times.length === 0) return;
  const next = Math.min(...times);
  timer = setTimeout(() => void requestDrain(), Math.min(MAX_TIMER_MS, Math.max(250, next - Date.now())));
}

let onOtherSession = () => {};
let draining: Promise<unknown> | null = null;
// Asked again while a drain runs (say `online` fires mid-way): run once more afterwards.
let again: { force: boolean } | null = null;
/** Sends what is due now (forced: even items still backing off, e.g. just back online). */
export function requestDrain(force = false): Promise<unknown> {
  if (draining) {
    again = { force: force || (again?.force ?? false) };
    return draining;
  }
  draining = drainOutbox({ force, signedIn: snapshot.signedIn })
    .then((result) => {
      if (result) {
        signOutTries = result.signOutPending ? signOutTries + 1 : 0;
        signOutRetryAt = Date.now() + backoff(signOutTries);
      }
      // The session is someone else's (or has ended): learn who, so the screens and the outbox follow.
      if (result?.otherSession) onOtherSession();
      // Items are left (offline, backing off): the worker sends them even if Efie is closed.
      if (result && result.left > 0) void registerBackgroundSync();
    })
    .catch(() => null)
    .finally(() => {
      draining = null;
      const rerun = again;
      again = null;
      if (rerun) void requestDrain(rerun.force);
      else void refresh();
    });
  return draining;
}

/** Asks the service worker to send when the connection returns, even with Efie closed. */
export async function registerBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari): the page's own triggers still send it.
  }
}

/** Puts an item in the outbox and tries to send it at once. */
export async function enqueue(item: OutboxItem) {
  await putItem(item);
  kickOutbox();
}

/** How long an item this page is sending itself is left alone by every drain (another page's, the worker's). */
export const SEND_HERE_HOLD_MS = 60_000;

export type KeptFirstOutcome<T> = { status: 'sent'; result: T } | { status: 'queued' };

/**
 * Sends `item`: offline, kept in the outbox for later. Online, sent from this page now, kept in
 * the outbox first: a page closed (or an app killed) before the answer leaves it there, to be sent
 * later with the same Idempotency-Key, and the server acts on it once. While this page sends it,
 * it is not shown as waiting here, and every drain leaves it alone for SEND_HERE_HOLD_MS (a forced
 * one that sends it anyway meets the same key: "still being handled", retried later, or the answer
 * given again). Answered: removed, and a refusal thrown for the screen to show. No answer, or the
 * same request still being handled elsewhere: left to the outbox, due at once.
 */
export async function sendKeptFirst<T>(item: OutboxItem, sendNow: () => Promise<T>): Promise<KeptFirstOutcome<T>> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    await enqueue(item);
    return { status: 'queued' };
  }
  sendingHere.add(item.id);
  // A phone whose storage refuses the item (full, or a private window) still sends it now, as before.
  const kept = await putItem({ ...item, nextAttemptAt: Date.now() + SEND_HERE_HOLD_MS }).then(
    () => true,
    () => false,
  );
  // Left in the outbox, it would only be sent again with its key and answered the same: not worth failing for.
  const forget = () => (kept ? removeItem(item.id).catch(() => undefined) : undefined);
  try {
    try {
      const result = await sendNow();
      await forget();
      return { status: 'sent', result };
    } catch (error) {
      const inProgress = error instanceof ApiError && error.body?.code === 'request_in_progress';
      if (!isNoAnswer(error) && !inProgress) {
        await forget();
        throw error;
      }
    }
    if (kept) await changeItem(item.id, (current) => (current ? { ...current, nextAttemptAt: Date.now() } : 'keep'));
    else await putItem(item);
  } finally {
    sendingHere.delete(item.id);
  }
  kickOutbox();
  return { status: 'queued' };
}

/** Something was queued: send now if possible, and let the worker send it later if not. */
export function kickOutbox() {
  void registerBackgroundSync();
  void requestDrain();
}

/** Retry a failed item as it is (after signing in again, for example). */
export async function retryItem(item: OutboxItem) {
  await putItem({ ...item, status: 'waiting', attempts: 0, faults: 0, nextAttemptAt: Date.now() } as OutboxItem);
  void requestDrain(true);
}

/** The signed-in person recognises an unclaimed item as theirs: it is sent with their session. */
export async function claimItem(item: OutboxItem, ownerId: string) {
  await putItem({ ...item, ownerId, status: 'waiting', attempts: 0, nextAttemptAt: Date.now() } as OutboxItem);
  void requestDrain(true);
}

/** What the cached queries learn from a send, as the item's kind says. */
function onSent(queryClient: QueryClient, message: OutboxMessage) {
  if (message.type !== 'sent') return;
  outboxKindOf(message.item.kind)?.sentOnPage?.(queryClient, message.item, message.result);
}

/** Follows the cached current user: signing in shows (and sends) that person's items. */
function followSignedInUser(queryClient: QueryClient) {
  snapshot = { signedIn: cachedUserId(queryClient), items: [], signInNeeded: false, sending: null };
  const follow = () => {
    const signedIn = cachedUserId(queryClient);
    if (signedIn === snapshot.signedIn) return;
    publish(signedIn);
    if (signedIn !== null) void requestDrain(true);
  };
  // Any cache event may be the user's query changing (set, refetched, or cleared at sign-out);
  // followed after the event, never in the middle of a render that caused it.
  queryClient.getQueryCache().subscribe(() => queueMicrotask(follow));
  onOtherSession = () => void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
}

let started = false;
export function startOutbox(queryClient: QueryClient) {
  if (started) return;
  started = true;
  followSignedInUser(queryClient);
  listen((message) => {
    if (message.type === 'progress') return publish(snapshot.signedIn, message.progress);
    onSent(queryClient, message);
    void refresh();
  });
  window.addEventListener('online', () => void requestDrain(true));
  // Closed while sending something itself: the worker is asked to send it, even if Efie is not opened again.
  window.addEventListener('pagehide', () => {
    if (sendingHere.size > 0) void registerBackgroundSync();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void requestDrain();
  });
  void refresh().then(() => requestDrain());
}
