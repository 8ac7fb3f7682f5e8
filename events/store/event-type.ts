import * as v from 'valibot';
import type { RecordedEvent } from './event-store.ts';

/**
 * An event type is versioned data: a name, the current schema version and its
 * valibot schema. Older stored versions stay readable through upcasters, each
 * turning version n's data into version n + 1's.
 */
export type EventType<Type extends string, Data> = {
  type: Type;
  version: number;
  schema: v.GenericSchema<unknown, Data>;
  upcasters: Readonly<Record<number, (data: unknown) => unknown>>;
  /** Builds the event to append, with the current schema version. */
  create(data: Data): { type: Type; data: Data; schemaVersion: number };
};

export function defineEvent<const Type extends string, Data>(
  type: Type,
  schema: v.GenericSchema<unknown, Data>,
  { version = 1, upcasters = {} }: { version?: number; upcasters?: Record<number, (data: unknown) => unknown> } = {},
): EventType<Type, Data> {
  return { type, version, schema, upcasters, create: (data) => ({ type, data, schemaVersion: version }) };
}

export type DomainEvent<Types extends EventType<string, unknown>> =
  Types extends EventType<infer T, infer D> ? { type: T; data: D } : never;

export class UnreadableEventError extends Error {}

/** Reads stored events of the given types, upcasting old schema versions; throws on unknown types or bad data. */
export function createEventDecoder<const Types extends readonly EventType<string, unknown>[]>(types: Types) {
  const byType = new Map(types.map((t) => [t.type, t] as const));
  return (event: Pick<RecordedEvent, 'type' | 'schemaVersion' | 'data'>): DomainEvent<Types[number]> => {
    const def = byType.get(event.type);
    if (!def) throw new UnreadableEventError(`unknown event type ${event.type}`);
    let data = event.data;
    for (let version = event.schemaVersion; version < def.version; version++) {
      const upcast = def.upcasters[version];
      if (!upcast) throw new UnreadableEventError(`no upcaster for ${event.type} v${version}`);
      data = upcast(data);
    }
    const parsed = v.safeParse(def.schema, data);
    if (!parsed.success)
      throw new UnreadableEventError(`${event.type} v${event.schemaVersion}: ${v.summarize(parsed.issues)}`);
    return { type: event.type, data: parsed.output } as DomainEvent<Types[number]>;
  };
}
