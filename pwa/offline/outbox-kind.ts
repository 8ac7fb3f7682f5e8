import type { QueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { SessionCheck } from './outbox-call.ts';
import type { OutboxItem } from './outbox-item.schema.ts';

// What a feature tells the engine about one kind of queued action it sends. The engine
// (drain.ts, send.ts, the offline bar) knows no kind by name: it reads the registry
// (outbox-registry.ts), which the features fill when the page or the service worker starts.

/** Which photo of an item is being uploaded and how far (0 to 1). */
export type PhotoProgress = { photo: number; photos: number; fraction: number };

export type OutboxKind<Item extends OutboxItem = OutboxItem> = {
  kind: Item['kind'];
  /**
   * The kind's own fields as stored, a loose object (fields of a newer version survive). A stored
   * item that does not match is kept as an unknown item, shown and never sent.
   */
  schema: v.GenericSchema;
  /** Items about the same thing are sent in the order they were queued (another thing's need not wait). */
  target(item: Item): string;
  /** Sends it: every request with the item's Idempotency-Key, each checked against the session it started under. */
  send(item: Item, session: SessionCheck, onProgress: (progress: PhotoProgress) => void): Promise<unknown>;
  /** Its send reports upload progress (the bar shows it, and it is cleared after the send). */
  reportsProgress?: boolean;
  /**
   * Sent: the kind's own tidying before the item is removed. Answers the item as stored after
   * it changed it (the removal is then conditional on that copy), or undefined.
   */
  settleSent?(item: Item, result: unknown): Promise<OutboxItem | undefined>;
  /** The person discarded it (after it left the outbox). */
  discarded?(item: Item): Promise<void>;
  /** Under the lock, before each drain: repairs an app stopped half-way may have left. */
  tidy?(isQueued: (itemId: string) => boolean): Promise<void>;
  /** Whose it is, for an item queued before owners were recorded; null: nobody can tell (unclaimed). */
  recordedOwner?(item: Item): Promise<string | null>;
  /** In a page, when one was sent (by this context or another): what the cached queries learn. */
  sentOnPage?(queryClient: QueryClient, item: Item, result: unknown): void;
};
