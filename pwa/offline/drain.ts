import { afterFailure, classify, type Failure } from './outbox-retry.ts';
import { isForAnySession, isOwnedBy, nextToSend, type Due, type SignedIn } from './outbox-owner.ts';
import { outboxKindOf, registeredOutboxKinds } from './outbox-registry.ts';
import {
  announce,
  changeItem,
  getItem,
  listItems,
  recordMissingOwners,
  type OutboxItem,
  type SendProgress,
} from './outbox-store.ts';
import { send, type PhotoProgress } from './send.ts';
import { SessionChangedError } from './session-change.ts';
import { endPendingSignOut, signOutPending, stillSameSession } from './session-store.ts';
import { whoIsSignedIn } from './signed-in-user.ts';

export { backoff } from './outbox-retry.ts';

// Sends what is due, one item at a time, under a Web Lock shared by every page and the
// service worker: whoever holds it sends, so no item is ever sent by two contexts at once.
// A phone is often shared: before each item it asks the server who is signed in, and sends
// an item only with its owner's session. A sign-out that has not reached the server yet is
// sent first (POST /api/auth/logout); until it has gone through, nothing is sent at all, and an
// item is sent only while the session it started under lasts (session-change.ts).
// Every write after a send is conditional on what is stored now: an item discarded meanwhile
// is never re-created, one superseded by a newer wish is dropped, not retried.

const LOCK = 'efie-outbox';
/** How long the worker's `sync` waits for a page that is sending before the browser retries it. */
const WORKER_LOCK_PATIENCE_MS = 120_000;
const PROGRESS_EVERY_MS = 250;

/**
 * `otherSession`: the server named someone other than the page believed signed in (or nobody).
 * `left`: the person's items still waiting afterwards (Background Sync is asked for again).
 * `signOutPending`: the last sign-out could not reach the server, so nothing was sent.
 */
export type DrainResult = {
  sent: number;
  waiting: number;
  failed: number;
  otherSession: boolean;
  left: number;
  signOutPending: boolean;
};

async function withLock<T>(run: () => Promise<T>, wait: boolean): Promise<T | null> {
  if (!('locks' in navigator) || !navigator.locks) return run();
  if (wait) return navigator.locks.request(LOCK, { signal: AbortSignal.timeout(WORKER_LOCK_PATIENCE_MS) }, run);
  return navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? run() : null));
}

/** The failure recorded on the item as stored now; a discarded item stays gone, a superseded one goes. */
const settleFailure = (sent: OutboxItem, failure: Failure) =>
  changeItem(sent.id, (current) =>
    !current ? 'keep' : current.supersededBy ? 'remove' : afterFailure(current, failure, Date.now()),
  );

/**
 * Sent: the kind tidies first (a new listing records that it exists, then its draft goes), then
 * the item goes, so an app stopped in between finishes the tidying next time instead of sending
 * it again. An item changed while in flight (not by superseding) stays, to be sent as it is now.
 */
async function settleSent(sent: OutboxItem, result: unknown) {
  const settled = await outboxKindOf(sent.kind)?.settleSent?.(sent, result);
  const expected = settled ? settled.revision : sent.revision;
  await changeItem(sent.id, (current) =>
    current && current.revision !== expected && !current.supersededBy ? 'keep' : 'remove',
  );
  announce({ type: 'sent', item: sent, result });
}

function progressReporter(item: OutboxItem) {
  let last = 0;
  return (progress: PhotoProgress) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS && progress.fraction < 1) return;
    last = now;
    const shown: SendProgress = { itemId: item.id, label: item.label, ...progress };
    announce({ type: 'progress', progress: shown });
  };
}

/** `session-changed`: someone signed out or in meanwhile; the item is left as it is, for its owner. */
type Outcome = 'sent' | 'gone' | 'session-changed' | Failure['kind'];

async function sendOne(listed: OutboxItem, generation: number): Promise<Outcome> {
  const session = () => stillSameSession(generation);
  // Re-read under the lock: another context may have sent, discarded or superseded it meanwhile.
  const item = await getItem(listed.id);
  if (item?.status !== 'waiting') return 'gone';
  if (item.supersededBy) {
    await changeItem(item.id, () => 'remove');
    return 'gone';
  }
  // A public form acts for nobody's account: any session (or none) may send it, unasked.
  let signedIn: SignedIn = item.ownerId;
  try {
    await session();
    if (!isForAnySession(item)) signedIn = await whoIsSignedIn();
  } catch (error) {
    if (error instanceof SessionChangedError) return 'session-changed';
    await settleFailure(item, { kind: 'offline' });
    return 'offline';
  }
  // The cookie decides whose request the server takes it for: only the owner's session may send it.
  if (signedIn !== item.ownerId) {
    const failure: Failure = signedIn === null ? { kind: 'sign-in' } : { kind: 'not-theirs' };
    await settleFailure(item, failure);
    return failure.kind;
  }
  try {
    const result = await send(item, session, progressReporter(item));
    await settleSent(item, result);
    return 'sent';
  } catch (error) {
    // Not tried any further: what was sent (a listing's first photos) is recorded with it.
    if (error instanceof SessionChangedError) return 'session-changed';
    const failure = classify(error);
    await settleFailure(item, failure);
    return failure.kind;
  } finally {
    if (outboxKindOf(item.kind)?.reportsProgress) announce({ type: 'progress', progress: null });
  }
}

/** Under the lock, before sending: owners recorded, superseded wishes dropped, then each kind's own repairs (orphaned drafts given back). */
async function tidy() {
  await recordMissingOwners();
  const items = await listItems();
  for (const item of items.filter((stored) => stored.supersededBy))
    await changeItem(item.id, (current) => (current?.supersededBy ? 'remove' : 'keep'));
  const ids = new Set(items.map((item) => item.id));
  for (const kind of registeredOutboxKinds()) await kind.tidy?.((id) => ids.has(id));
}

/**
 * Sends, oldest first, every due item of one person: `signedIn`, whom the page believes
 * signed in (nobody: nothing is sent), or, from the service worker, whoever the server says.
 * Answers null when another context holds the lock, unless `waitForLock` (the worker's
 * `sync`: it waits for the page to finish, then sends what is left).
 */
export function drainOutbox(
  options: { force?: boolean; signedIn?: SignedIn; waitForLock?: boolean } = {},
): Promise<DrainResult | null> {
  return withLock(async () => {
    await tidy();
    const result: DrainResult = { sent: 0, waiting: 0, failed: 0, otherSession: false, left: 0, signOutPending: false };
    const tried = new Set<string>();
    const due = (): Due => ({ now: Date.now(), force: options.force ?? false, tried });
    const waitingForAnyone = (items: OutboxItem[]) =>
      items.filter((item) => item.ownerId !== null && item.status === 'waiting' && !item.supersededBy).length;
    let owner = options.signedIn;
    // A `sync` can come while the worker knows it is offline (Chromium fired it under DevTools'
    // offline emulation, and a flaky phone link can do the same): nothing is tried, all is left.
    // Said on the worker's console, so a developer (and the browser test) sees why nothing went.
    if (owner === undefined && navigator.onLine === false) {
      console.info('efie outbox: offline, nothing tried');
      result.left = waitingForAnyone(await listItems()) + ((await signOutPending()) ? 1 : 0);
      return result;
    }
    // The last sign-out reaches the server before anything else is sent; until it has, nothing is
    // sent, and it counts as left so that Background Sync comes back for it.
    let generation: number;
    try {
      generation = await endPendingSignOut();
    } catch {
      result.waiting++;
      result.signOutPending = true;
      result.left = 1 + (owner === undefined ? waitingForAnyone(await listItems()) : 0);
      return result;
    }
    if (owner === undefined) {
      // The worker has no page to ask; with nothing due for anyone, it need not ask the server
      // either, but what is backing off is still left (the browser fires `sync` again later).
      const items = await listItems();
      if (!items.some((item) => item.ownerId !== null && nextToSend([item], item.ownerId, due()))) {
        result.left = waitingForAnyone(items);
        return result;
      }
      try {
        owner = await whoIsSignedIn();
      } catch {
        result.waiting++;
        result.left++;
        return result;
      }
    }
    for (;;) {
      const next = nextToSend(await listItems(), owner, due());
      if (!next) break;
      tried.add(next.id);
      const outcome = await sendOne(next, generation);
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'refused') result.failed++;
      else if (outcome !== 'gone') result.waiting++;
      if (outcome === 'not-theirs' || outcome === 'sign-in' || outcome === 'session-changed') {
        result.otherSession = true;
        break;
      }
      // Offline, or the server asks for later: the rest would fail the same way. A fault is
      // about that item only: the items behind it go on.
      if (outcome === 'offline' || outcome === 'busy') break;
    }
    result.left = (await listItems()).filter(
      (item) => isOwnedBy(item, owner ?? null) && item.status === 'waiting' && !item.supersededBy,
    ).length;
    return result;
  }, options.waitForLock ?? false);
}
