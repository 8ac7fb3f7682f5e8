import { outboxKindOf } from './outbox-registry.ts';
import { removeItem, type OutboxItem } from './outbox-store.ts';

/**
 * Drops an item from the outbox, then lets its kind tidy (a listing's draft stays, editable
 * again, with the photos already uploaded remembered). The item goes first: an app stopped in
 * between leaves what the kind repairs on the next drain (a draft marked for a missing item).
 */
export async function discardItem(item: OutboxItem) {
  await removeItem(item.id);
  await outboxKindOf(item.kind)?.discarded?.(item);
}
