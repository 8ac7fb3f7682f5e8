import * as v from 'valibot';

// What an outbox item is, as stored in IndexedDB, whatever its kind. Each kind (a favourite,
// a new listing, a form sent later…) adds its own fields and is registered with the engine by
// the feature that sends it (outbox-registry.ts); an item stored by an older version of Efie
// is upgraded, never dropped, and one of a kind this version does not know (a newer version
// wrote it, then the app was rolled back) is kept as it is, and shown.

/**
 * Version 1: no schemaVersion, maybe no ownerId. Version 2: revisions, faults, supersededBy, needsSignIn.
 * Version 3: the `post-form` kind (a form sent later), and the owner ANY_SESSION. Version 2 items read as they were.
 */
export const OUTBOX_SCHEMA_VERSION = 3;

/**
 * The owner of an item that any session (or none) may send: a public form (support, contact)
 * whose endpoint acts for nobody's account. Shown to whoever holds the phone.
 */
export const ANY_SESSION = '*any-session*';

export const OutboxItemBaseSchema = v.looseObject({
  /** Sent as the Idempotency-Key (with a suffix per request of a multi-request item). */
  id: v.pipe(v.string(), v.nonEmpty()),
  /** Whose session may send it; null when queued before owners were recorded (unclaimed). */
  ownerId: v.optional(v.nullable(v.string())),
  createdAt: v.number(),
  /** What the person reads in the "waiting" list. */
  label: v.optional(v.string(), 'A change made on this phone'),
  status: v.optional(v.picklist(['waiting', 'failed']), 'waiting'),
  attempts: v.optional(v.number(), 0),
  nextAttemptAt: v.optional(v.number(), 0),
  /** Why it stopped: the server's message, or what kept failing. Shown with the actions. */
  error: v.optional(v.string()),
  /** The HTTP status of a refusal (none when it failed without an HTTP answer). */
  httpStatus: v.optional(v.number()),
  schemaVersion: v.optional(v.number()),
  /** Raised by every write: a sender's write is conditional on the copy it sent. */
  revision: v.optional(v.number(), 0),
  /** Failures that were not an HTTP answer (stalled, unreadable photo, unknown kind): limited. */
  faults: v.optional(v.number(), 0),
  lastAttemptAt: v.optional(v.number()),
  /** A newer wish for the same thing was queued: this one is dropped, never sent again. */
  supersededBy: v.optional(v.string()),
  /** The session ended: kept until its owner signs in again. */
  needsSignIn: v.optional(v.boolean()),
});

/** The fields every item has once read (upgraded). The schemas are loose: fields of a newer version survive. */
export type OutboxItemBase = {
  id: string;
  ownerId: string | null;
  createdAt: number;
  label: string;
  status: 'waiting' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  error?: string;
  httpStatus?: number;
  schemaVersion?: number;
  revision: number;
  faults: number;
  lastAttemptAt?: number;
  supersededBy?: string;
  needsSignIn?: boolean;
};
/** An item of one kind, with that kind's own fields (FavoriteItem, PostFormItem…). */
export type QueuedItem<Kind extends string, Fields> = OutboxItemBase & { kind: Kind } & Fields;
/** Any item: the engine reads the common fields; only its kind reads the rest. */
export type OutboxItem = OutboxItemBase & { kind: string };
/** A kind this version cannot send; `storedKind` is what it was written as (kept on write). */
export type UnknownKindItem = QueuedItem<'unknown', { storedKind: string }>;

export const isUnknownKind = (item: OutboxItem): item is UnknownKindItem => item.kind === 'unknown';

/** What is written back: an unknown item keeps the kind (and fields) it was stored with. */
export function toStored(item: OutboxItem): Record<string, unknown> {
  if (!isUnknownKind(item)) return { ...item, schemaVersion: OUTBOX_SCHEMA_VERSION };
  const { storedKind, ...rest } = item;
  return { ...rest, kind: storedKind, schemaVersion: OUTBOX_SCHEMA_VERSION };
}
