import * as v from 'valibot';
import type { OutboxKind } from './outbox-kind.ts';
import {
  OUTBOX_SCHEMA_VERSION,
  OutboxItemBaseSchema,
  isUnknownKind,
  type OutboxItem,
  type UnknownKindItem,
} from './outbox-item.schema.ts';
import { postFormKind } from './post-form.outbox.ts';

// The kinds this version of Efie can send: the engine's own (a form sent later) and those the
// features register (pwa/outbox-kinds.ts, in the page and in the service worker alike).

const kinds = new Map<string, OutboxKind>([[postFormKind.kind, postFormKind as OutboxKind]]);

export function registerOutboxKind<Item extends OutboxItem>(definition: OutboxKind<Item>) {
  const known = kinds.get(definition.kind);
  if (definition.kind === 'unknown' || (known && known !== (definition as OutboxKind))) {
    throw new Error(`outbox kind ${definition.kind} is registered twice`);
  }
  kinds.set(definition.kind, definition as OutboxKind);
}

/** Every kind this version can send, the engine's first. */
export const registeredOutboxKinds = (): OutboxKind[] => [...kinds.values()];

/** How items of this kind are sent and settled; undefined for a kind this version does not know. */
export const outboxKindOf = (kind: string): OutboxKind | undefined => kinds.get(kind);

/**
 * Reads a stored record: the current shape, or an older one upgraded (no ownerId: unclaimed,
 * read as null; missing counters: zero). Undefined only for what is not an item at all.
 */
export function upgradeItem(stored: unknown): OutboxItem | undefined {
  const base = v.safeParse(OutboxItemBaseSchema, stored);
  if (!base.success) return undefined;
  const withOwner = { ...base.output, ownerId: base.output.ownerId ?? null, schemaVersion: OUTBOX_SCHEMA_VERSION };
  const kind = (stored as { kind?: unknown }).kind;
  const definition = typeof kind === 'string' ? kinds.get(kind) : undefined;
  const known = definition && v.safeParse(definition.schema, stored);
  if (known?.success) return { ...(known.output as object), ...withOwner, kind } as OutboxItem;
  return {
    ...withOwner,
    kind: 'unknown',
    storedKind: typeof kind === 'string' ? kind : String(kind),
  } as UnknownKindItem;
}

/** Items about the same thing are sent in the order they were queued (another thing's need not wait). */
export function targetOf(item: OutboxItem): string {
  const definition = isUnknownKind(item) ? undefined : kinds.get(item.kind);
  return definition ? definition.target(item) : `unknown:${item.id}`;
}
