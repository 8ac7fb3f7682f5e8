import { foldEvents, type Decider } from './decider.ts';
import { ConcurrencyError } from './errors.ts';
import { createEventDecoder, type DomainEvent, type EventType } from './event-type.ts';
import type { AppendResult, EventMetadata, EventStore, Idempotency, RecordedEvent } from './event-store.ts';
import type { SqlClient } from './sql.ts';

export type Aggregate<Command, Types extends readonly EventType<string, unknown>[], State> = {
  eventTypes: Types;
  decider: Decider<Command, DomainEvent<Types[number]>, State>;
};

export type CommandResult<Event, State> = AppendResult & { events: Event[]; state: State };

/** How often a command without a caller-given version is retried after losing a race. */
const RACE_RETRIES = 3;

/**
 * Loads the stream, decides on the aggregate's own events, appends at the version it read. A caller's
 * `expectedVersion` (an edit form's) must match exactly; without one, a lost
 * race is decided again on the fresh state. A repeated idempotency key answers
 * the first result without deciding again.
 */
export async function handleCommand<Command, Types extends readonly EventType<string, unknown>[], State>(
  store: EventStore,
  aggregate: Aggregate<Command, Types, State>,
  streamId: string,
  command: Command,
  options: {
    expectedVersion?: number | undefined;
    metadata?: EventMetadata;
    idempotency?: Idempotency | undefined;
    /**
     * Writes the decision calls for that must commit with its events (an outbox message):
     * run in the append's transaction with the new events and state; not run on a replay.
     */
    alongside?: (tx: SqlClient, events: DomainEvent<Types[number]>[], state: State) => Promise<void>;
  } = {},
): Promise<CommandResult<DomainEvent<Types[number]>, State>> {
  const decode = createEventDecoder(aggregate.eventTypes);
  const versions = new Map(aggregate.eventTypes.map((t) => [t.type, t.version] as const));
  // A stream may carry several deciders' events (a user's account and favourites):
  // each folds only its own types, while the expected version covers the whole stream.
  const own = (recorded: RecordedEvent[]) => recorded.filter((e) => versions.has(e.type)).map(decode);
  for (let attempt = 0; ; attempt++) {
    if (options.idempotency) {
      const prior = await store.priorResult(options.idempotency);
      if (prior) {
        const recorded = await store.readStream(streamId);
        return { ...prior, events: [], state: foldEvents(aggregate.decider, own(recorded)) };
      }
    }
    const recorded = await store.readStream(streamId);
    const version = recorded[recorded.length - 1]?.streamVersion ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
      throw new ConcurrencyError(streamId, String(options.expectedVersion), version);
    }
    const state = foldEvents(aggregate.decider, own(recorded));
    const events = aggregate.decider.decide(command, state);
    const next = events.reduce(aggregate.decider.evolve, state);
    const { alongside } = options;
    try {
      const result = await store.append(
        streamId,
        version === 0 ? 'no_stream' : version,
        events.map((e) => ({ type: e.type, data: e.data, schemaVersion: versions.get(e.type) ?? 1 })),
        options.metadata ?? {},
        { idempotency: options.idempotency, alongside: alongside && ((tx) => alongside(tx, events, next)) },
      );
      return { ...result, events, state: next };
    } catch (error) {
      const mayRetry = error instanceof ConcurrencyError && options.expectedVersion === undefined && attempt < RACE_RETRIES;
      if (!mayRetry) throw error;
    }
  }
}
