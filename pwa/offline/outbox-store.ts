import { createStore, promisifyRequest, values } from 'idb-keyval';
import { transact } from './idb-transaction.ts';
import { toStored, type OutboxItem } from './outbox-item.schema.ts';
import { outboxKindOf, upgradeItem } from './outbox-registry.ts';
import { askForPersistentStorage } from './storage-persistence.ts';
import { storageFailure } from './storage-errors.ts';

export type { OutboxItem, QueuedItem, UnknownKindItem } from './outbox-item.schema.ts';

// The outbox: actions waiting to reach the server, in their own IndexedDB database
// (never in the query cache, which a new build drops). Page and service worker share it.
// Every change that depends on what is stored is one IndexedDB transaction (read, decide,
// write), so a page queueing and the sender settling never undo each other.

const store = () => createStore('efie-outbox', 'items');
const channelName = 'efie-outbox';

/** Upload progress of the item being sent, for the bar (pages only: the worker has no XHR). */
export type SendProgress = { itemId: string; label: string; photo: number; photos: number; fraction: number };
/** Tells every page and the worker that the outbox changed, an item was sent, or how a send goes. */
export type OutboxMessage =
  | { type: 'changed' }
  | { type: 'sent'; item: OutboxItem; result: unknown }
  | { type: 'progress'; progress: SendProgress | null };
type Envelope = { from: string; message: OutboxMessage };

// Listeners in this context hear a message at once; other contexts through the channel.
// A channel also delivers to this context's other channel objects, hence the sender id.
const CONTEXT_ID = Math.random().toString(36).slice(2);
const localListeners = new Set<(message: OutboxMessage) => void>();

export function announce(message: OutboxMessage) {
  for (const listener of localListeners) listener(message);
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ from: CONTEXT_ID, message } satisfies Envelope);
  channel.close();
}

export function listen(listener: (message: OutboxMessage) => void): () => void {
  localListeners.add(listener);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
  if (channel) {
    channel.onmessage = (event: MessageEvent<Envelope>) => {
      if (event.data.from !== CONTEXT_ID) listener(event.data.message);
    };
  }
  return () => {
    localListeners.delete(listener);
    channel?.close();
  };
}

export const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const byAge = (a: OutboxItem, b: OutboxItem) => a.createdAt - b.createdAt;

export async function listItems(): Promise<OutboxItem[]> {
  const stored = await values<unknown>(store());
  return stored
    .map(upgradeItem)
    .filter((item): item is OutboxItem => item !== undefined)
    .sort(byAge);
}
export const getItem = async (id: string) =>
  upgradeItem(await store()('readonly', (items) => promisifyRequest(items.get(id))));

/** What a change decides from the stored copy: write this, remove it, or leave it. */
export type Decision = OutboxItem | 'remove' | 'keep';

/**
 * Reads the item, lets `decide` choose from what is stored now, and writes that, in one
 * transaction. Answers what is stored afterwards (undefined: nothing).
 */
export async function changeItem(
  id: string,
  decide: (current: OutboxItem | undefined) => Decision,
): Promise<OutboxItem | undefined> {
  let after: OutboxItem | undefined;
  let changed = false;
  await transact(store(), 'readwrite', (items, guard) => {
    const read = items.get(id);
    read.onsuccess = guard(() => {
      const current = upgradeItem(read.result);
      const decision = decide(current);
      if (decision === 'keep') {
        after = current;
        return;
      }
      changed = true;
      if (decision === 'remove') {
        if (current) items.delete(id);
        after = undefined;
        return;
      }
      after = { ...decision, revision: (current?.revision ?? decision.revision) + 1 };
      items.put(toStored(after), id);
    });
  });
  if (changed) announce({ type: 'changed' });
  return after;
}

/** Puts a new item (or overwrites one as it is, e.g. claimed or retried by the person). */
export async function putItem(item: OutboxItem) {
  await changeItem(item.id, () => item);
  void askForPersistentStorage();
}
export const removeItem = (id: string) => changeItem(id, () => 'remove');

type NewItem<T extends OutboxItem> = Omit<
  T,
  'id' | 'createdAt' | 'status' | 'attempts' | 'nextAttemptAt' | 'revision' | 'faults'
>;
export function fresh<T extends OutboxItem>(fields: NewItem<T>): T {
  const now = Date.now();
  return {
    ...fields,
    id: newId(),
    createdAt: now,
    status: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    revision: 0,
    faults: 0,
  } as T;
}

/**
 * Queues `item` and marks the same person's waiting items it replaces (`replaces`) as
 * superseded, in one transaction. A superseded item is never deleted here: it may be in
 * flight in another context. The sender drops it once it holds the lock or has settled it,
 * and the newer item is sent after it (items of one thing go in the order they were queued).
 */
export async function queueReplacing(item: OutboxItem, replaces: (stored: OutboxItem) => boolean) {
  try {
    await transact(store(), 'readwrite', (items, guard) => {
      const all = items.getAll();
      all.onsuccess = guard(() => {
        for (const stored of all.result.map(upgradeItem)) {
          if (
            !stored ||
            stored.supersededBy ||
            stored.ownerId !== item.ownerId ||
            stored.status !== 'waiting' ||
            !replaces(stored)
          )
            continue;
          items.put(toStored({ ...stored, supersededBy: item.id, revision: stored.revision + 1 }), stored.id);
        }
        items.put(toStored(item), item.id);
      });
    });
  } catch (error) {
    throw storageFailure(error, 'this could not be kept to send later');
  }
  announce({ type: 'changed' });
  void askForPersistentStorage();
}

/**
 * Items queued before the app recorded owners get one, once: from their kind when it can tell
 * (a new listing takes its draft's owner: drafts always recorded theirs). Nothing else tells who
 * queued a favourite or an edit, and guessing "whoever signs in next" is the very mistake this prevents, so those become
 * unclaimed (null): never sent on their own, shown to whoever signs in to claim or discard.
 * Run under the outbox lock (drain.ts), so no other context writes the items meanwhile.
 */
export async function recordMissingOwners() {
  const stored = await values<{ id?: unknown; ownerId?: unknown }>(store());
  for (const raw of stored) {
    if (raw.ownerId !== undefined || typeof raw.id !== 'string') continue;
    const item = upgradeItem(raw);
    if (!item) continue;
    const ownerId = (await outboxKindOf(item.kind)?.recordedOwner?.(item)) ?? null;
    await changeItem(item.id, (current) => (current ? { ...current, ownerId } : 'keep'));
  }
}
