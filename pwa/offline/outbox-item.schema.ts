import * as v from 'valibot'
import type { CreatePropertyInput, Property, UpdatePropertyInput } from '../lib/contract'
import type { ListingValues } from './listing-edit-diff'

// What an outbox item is, as stored in IndexedDB, and how an item stored by an older version
// of Efie is read: upgraded, never dropped. An item of a kind this version does not know (a
// newer version wrote it, then the app was rolled back) is kept as it is, and shown.

/**
 * Version 1: no schemaVersion, maybe no ownerId. Version 2: revisions, faults, supersededBy, needsSignIn.
 * Version 3: the `post-form` kind (a form sent later), and the owner ANY_SESSION. Version 2 items read as they were.
 */
export const OUTBOX_SCHEMA_VERSION = 3

/**
 * The owner of an item that any session (or none) may send: a public form (support, contact)
 * whose endpoint acts for nobody's account. Shown to whoever holds the phone.
 */
export const ANY_SESSION = '*any-session*'

/**
 * The endpoints a queued form may be sent to. A stored item names its endpoint, so the list
 * keeps an item (or a tampered IndexedDB) from turning the outbox into a way to POST anywhere.
 */
export const FORM_ENDPOINTS = ['/api/support/message', '/api/contact/message', '/api/service-providers'] as const
export type FormEndpoint = (typeof FORM_ENDPOINTS)[number]

const BaseSchema = v.looseObject({
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
})

const FavoriteSchema = v.looseObject({
  ...BaseSchema.entries,
  kind: v.literal('favorite'),
  propertyId: v.string(),
  favorite: v.boolean(),
  property: v.looseObject({ id: v.string(), title: v.string() }),
})
const CreateListingSchema = v.looseObject({
  ...BaseSchema.entries,
  kind: v.literal('create-listing'),
  draftId: v.string(),
  body: v.looseObject({}),
  /** Version 1 kept uploaded photo URLs here, by index; now they are kept with the draft's photos. */
  uploaded: v.optional(v.array(v.nullable(v.string()))),
  /** Set once the listing exists: only the draft's removal is left. */
  propertyId: v.optional(v.string()),
})
const EditListingSchema = v.looseObject({
  ...BaseSchema.entries,
  kind: v.literal('edit-listing'),
  propertyId: v.string(),
  body: v.looseObject({}),
})

const PostFormSchema = v.looseObject({
  ...BaseSchema.entries,
  kind: v.literal('post-form'),
  endpoint: v.picklist(FORM_ENDPOINTS),
  /** The form's JSON body, as it was when the person pressed Send. */
  body: v.looseObject({}),
})

/** The fields every item has once read (upgraded). The schemas are loose: fields of a newer version survive. */
type Base = {
  id: string
  ownerId: string | null
  createdAt: number
  label: string
  status: 'waiting' | 'failed'
  attempts: number
  nextAttemptAt: number
  error?: string
  httpStatus?: number
  schemaVersion?: number
  revision: number
  faults: number
  lastAttemptAt?: number
  supersededBy?: string
  needsSignIn?: boolean
}
export type FavoriteItem = Base & { kind: 'favorite'; propertyId: string; favorite: boolean; property: Property }
export type CreateListingItem = Base & {
  kind: 'create-listing'
  draftId: string
  body: Omit<CreatePropertyInput, 'images'>
  uploaded?: (string | null)[]
  propertyId?: string
}
export type EditListingItem = Base & {
  kind: 'edit-listing'
  propertyId: string
  body: UpdatePropertyInput
  /** The listing's values the edit was based on (at body.expectedVersion): shown beside a refusal, and what a re-apply compares with. */
  baseValues?: ListingValues
}
/** A form sent with POST later, with the Idempotency-Key (its id) chosen when the person pressed Send. */
export type PostFormItem = Base & { kind: 'post-form'; endpoint: FormEndpoint; body: Record<string, unknown> }
/** A kind this version cannot send; `storedKind` is what it was written as (kept on write). */
export type UnknownKindItem = Base & { kind: 'unknown'; storedKind: string }
export type OutboxItem = FavoriteItem | CreateListingItem | EditListingItem | PostFormItem | UnknownKindItem

const KNOWN = { favorite: FavoriteSchema, 'create-listing': CreateListingSchema, 'edit-listing': EditListingSchema, 'post-form': PostFormSchema } as const

/**
 * Reads a stored record: the current shape, or an older one upgraded (no ownerId: unclaimed,
 * read as null; missing counters: zero). Undefined only for what is not an item at all.
 */
export function upgradeItem(stored: unknown): OutboxItem | undefined {
  const base = v.safeParse(BaseSchema, stored)
  if (!base.success) return undefined
  const withOwner = { ...base.output, ownerId: base.output.ownerId ?? null, schemaVersion: OUTBOX_SCHEMA_VERSION }
  const kind = (stored as { kind?: unknown }).kind
  const schema = typeof kind === 'string' && kind in KNOWN ? KNOWN[kind as keyof typeof KNOWN] : undefined
  const known = schema && v.safeParse(schema, stored)
  if (known?.success) return { ...known.output, ...withOwner } as OutboxItem
  return { ...withOwner, kind: 'unknown', storedKind: typeof kind === 'string' ? kind : String(kind) } as UnknownKindItem
}

/** What is written back: an unknown item keeps the kind (and fields) it was stored with. */
export function toStored(item: OutboxItem): Record<string, unknown> {
  if (item.kind !== 'unknown') return { ...item, schemaVersion: OUTBOX_SCHEMA_VERSION }
  const { storedKind, ...rest } = item
  return { ...rest, kind: storedKind, schemaVersion: OUTBOX_SCHEMA_VERSION }
}

/** Items about the same thing are sent in the order they were queued (another thing's need not wait). */
export function targetOf(item: OutboxItem): string {
  switch (item.kind) {
    case 'favorite':
      return `favorite:${item.propertyId}`
    case 'edit-listing':
      return `listing:${item.propertyId}`
    case 'create-listing':
      return `draft:${item.draftId}`
    case 'post-form':
      return `form:${item.id}`
    case 'unknown':
      return `unknown:${item.id}`
  }
}
