import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import type { Property, UpdatePropertyInput } from '../../lib/contract.ts';
import { cachedUserId } from '../../lib/current-user.ts';
import { isWaitingEditOf, planEditQueue } from './edit-coalesce.ts';
import { listingValues, withEdit, type ListingValues } from './listing-edit-diff.ts';
import { isNoAnswer } from '../../offline/no-answer.ts';
import { kickOutbox } from '../../offline/outbox-runtime.ts';
import { listItems, putItem, removeItem } from '../../offline/outbox-store.ts';

/** No answer at all (offline, timed out) or a server error: worth sending again later. */
export const isNetworkFailure = (error: unknown) =>
  isNoAnswer(error) || (error instanceof ApiError && error.status >= 500);

// The outbox's Web Lock (drain.ts): whoever holds it is sending; nothing is in flight without it.
const OUTBOX_LOCK = 'efie-outbox';
// Long enough for an edit or a favourite in flight to end and its answer to be stored. A listing's
// photos on a slow link may hold the lock for minutes: then the save is queued beside it (at worst
// refused and shown), rather than keep the person waiting.
const LOCK_PATIENCE_MS = 15_000;

/**
 * Runs `change` holding the outbox's lock, so that no item it reads is being sent meanwhile.
 * After a few seconds of a slow send it runs anyway, told that it holds no lock.
 */
async function withOutboxLock<T>(change: (locked: boolean) => Promise<T>): Promise<T> {
  if (!('locks' in navigator) || !navigator.locks) return change(false);
  let ran = false;
  try {
    return await navigator.locks.request(OUTBOX_LOCK, { signal: AbortSignal.timeout(LOCK_PATIENCE_MS) }, () => {
      ran = true;
      return change(true);
    });
  } catch (error) {
    if (ran) throw error;
    return change(false);
  }
}

export type QueuedEdit = {
  /** The submission's key: the Idempotency-Key of the online PUT, reused when it falls back here. */
  id: string;
  body: UpdatePropertyInput;
  /** The listing's values at body.expectedVersion, as the form was filled. */
  baseValues: ListingValues;
  /** The online PUT went out with this body and key but no answer came back. */
  alreadySent?: boolean;
  /** A refused item of this listing that the person reopened in the form and saved again. */
  supersedes?: string | undefined;
};

/**
 * A listing edit made offline goes to the outbox (with its expectedVersion, so an edit that
 * has gone stale meanwhile is refused and shown, not written over newer changes). A second
 * save of the same listing merges into the waiting item (edit-coalesce.ts), under the
 * outbox's lock so that the item merged into is not being sent at that moment. The listing
 * on this device shows the edit at once (rolled back if the server refuses it: edit-refusals.ts).
 */
export async function queueEdit(queryClient: QueryClient, property: Property, edit: QueuedEdit) {
  const ownerId = cachedUserId(queryClient);
  // The edit form is shown to a signed-in person only; without one there is no session to send it with.
  if (!ownerId) throw new Error('Please sign in again to save your changes.');
  // Seen before waiting for the lock: an earlier edit of this listing that may be in flight right now.
  const earlier = (await listItems()).find((item) => isWaitingEditOf(item, { propertyId: property.id, ownerId }));
  const plan = await withOutboxLock(async (locked) => {
    const label = `Changes to ${edit.body.title ?? property.title}`;
    // Without the lock an item may be in flight: queued beside it, never merged into it.
    // A refused item this save replaces is never in flight: it is replaced with or without the lock.
    const all = await listItems();
    const items = locked ? all : all.filter((item) => item.id === edit.supersedes && item.status === 'failed');
    // Read under the lock: an earlier edit of this listing sent meanwhile has put the server's answer here.
    const cached = queryClient.getQueryData<Property>(['properties', 'detail', property.id]);
    const latest = cached && locked ? { version: cached.version, values: listingValues(cached) } : undefined;
    const plan = planEditQueue(
      items,
      { ...edit, ownerId, propertyId: property.id, label, alreadySent: edit.alreadySent ?? false },
      Date.now(),
      { latest, earlier: earlier?.body },
    );
    // The merged item is stored before the ones it replaces are removed: a crash between leaves both, never neither.
    await putItem(plan.put);
    for (const id of plan.remove) await removeItem(id);
    return plan;
  });
  kickOutbox();
  // What the merged item will send, over this device's copy.
  queryClient.setQueryData<Property>(['properties', 'detail', property.id], (old) =>
    old ? withEdit(old, plan.put.body) : old,
  );
}
