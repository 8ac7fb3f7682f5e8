import type { PhotoProgress } from './outbox-kind.ts';
import { isUnknownKind, type OutboxItem } from './outbox-item.schema.ts';
import { outboxKindOf } from './outbox-registry.ts';
import { UnknownKindError } from './outbox-retry.ts';
import type { SessionCheck } from './outbox-call.ts';

export { isRefusal } from './outbox-retry.ts';
export type { PhotoProgress } from './outbox-kind.ts';

// How an outbox item reaches the server, in a page or in the service worker: as its kind says
// (outbox-registry.ts). Every request carries the item's Idempotency-Key, and is sent only
// under the session the item started under.

export async function send(
  item: OutboxItem,
  session: SessionCheck,
  onProgress: (progress: PhotoProgress) => void = () => {},
): Promise<unknown> {
  if (isUnknownKind(item)) throw new UnknownKindError(item.storedKind);
  const kind = outboxKindOf(item.kind);
  if (!kind) throw new UnknownKindError(item.kind);
  return kind.send(item, session, onProgress);
}
