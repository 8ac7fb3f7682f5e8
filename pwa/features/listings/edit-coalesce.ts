import type { UpdatePropertyInput } from '../../lib/contract.ts';
import {
  changedFields,
  editValues,
  reapplyEdit,
  sameValue,
  type EditableField,
  type ListingValues,
} from './listing-edit-diff.ts';
import type { OutboxItem } from '../../offline/outbox-store.ts';
import { isEditListingItem, type EditListingItem } from './listing-outbox-items.ts';

// Point 2 of issue 20: queued edits of one listing become one outbox item, holding the
// latest values and the version the person first saw, so two offline saves never refuse
// each other. Pure; queue-edit.ts runs it under the outbox's lock, where nothing is in flight.

export type NewEdit = {
  /** The submission's Idempotency-Key: the merged item is sent under it (a different request needs a different key). */
  id: string;
  ownerId: string;
  propertyId: string;
  label: string;
  body: UpdatePropertyInput;
  baseValues: ListingValues;
  /** The online PUT already went out with exactly this body and key (its answer was lost): it must be queued as sent. */
  alreadySent: boolean;
  /** An item this save replaces outright (the person opened a refused edit in the form and saved it again). */
  supersedes?: string | undefined;
};

export type EditQueuePlan = { put: EditListingItem; remove: string[] };

/** The newest copy of the listing this device holds (after an earlier edit of it was sent, say). */
export type LatestCopy = { version: number; values: ListingValues };

/**
 * An edit based on an older version moves onto a newer copy when that is safe: every field
 * changed there since the edit's base holds the value this edit wants, or the value the
 * person's own earlier edit of the listing sent (`earlier`: it was in flight when they saved
 * again, and has arrived). Anyone else's change stays a refusal for the person to see.
 */
export function rebaseOnAgreeingCopy(
  body: UpdatePropertyInput,
  baseValues: ListingValues,
  latest: LatestCopy | undefined,
  earlier?: UpdatePropertyInput,
): { body: UpdatePropertyInput; baseValues: ListingValues } {
  if (!latest || body.expectedVersion === undefined || latest.version <= body.expectedVersion)
    return { body, baseValues };
  const wanted = editValues(body);
  const sentBefore = earlier ? editValues(earlier) : {};
  const explained = (values: typeof wanted, field: EditableField) =>
    field in values && sameValue(field, values[field], latest.values[field]);
  const agrees = changedFields(baseValues, latest.values).every(
    (field) => explained(wanted, field) || explained(sentBefore, field),
  );
  // Only the fields the person changed go on top: one they left alone keeps the newer copy's value.
  return agrees ? { body: reapplyEdit(body, baseValues, latest), baseValues: latest.values } : { body, baseValues };
}

export const isWaitingEditOf = (
  item: OutboxItem,
  edit: Pick<NewEdit, 'propertyId' | 'ownerId'>,
): item is EditListingItem =>
  isEditListingItem(item) &&
  item.propertyId === edit.propertyId &&
  item.ownerId === edit.ownerId &&
  item.status === 'waiting';

/**
 * The one item to store and the items it replaces. A waiting edit of the same listing by the
 * same person is merged into: its fields are overlaid by the new ones, and it keeps the
 * version (and base values) it was first based on. With none waiting, a newer copy that
 * agrees with the edit becomes its base (rebaseOnAgreeingCopy). An edit whose request already
 * left the phone is never changed: the server may hold it under its key.
 */
export function planEditQueue(
  items: readonly OutboxItem[],
  edit: NewEdit,
  now: number,
  newer: { latest?: LatestCopy | undefined; earlier?: UpdatePropertyInput | undefined } = {},
): EditQueuePlan {
  // A request that already left the phone is queued exactly as sent (the server may replay it).
  const based = edit.alreadySent
    ? { body: edit.body, baseValues: edit.baseValues }
    : rebaseOnAgreeingCopy(edit.body, edit.baseValues, newer.latest, newer.earlier);
  const fresh: EditListingItem = {
    kind: 'edit-listing',
    id: edit.id,
    ownerId: edit.ownerId,
    propertyId: edit.propertyId,
    label: edit.label,
    ...based,
    createdAt: now,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    revision: 0,
    faults: 0,
  };
  const superseded = items
    .filter((item) => item.id === edit.supersedes && isEditListingItem(item) && item.id !== edit.id)
    .map((item) => item.id);
  const earlier = edit.alreadySent
    ? undefined
    : items.find((item): item is EditListingItem => isWaitingEditOf(item, edit) && item.id !== edit.id);
  if (!earlier) return { put: fresh, remove: superseded };
  const merged: EditListingItem = {
    ...fresh,
    // Oldest first stays true: the merged edit takes the earlier one's place in the queue.
    createdAt: earlier.createdAt,
    body: { ...earlier.body, ...edit.body, expectedVersion: earlier.body.expectedVersion },
    baseValues: earlier.baseValues ?? edit.baseValues,
  };
  return { put: merged, remove: [...superseded, earlier.id] };
}
