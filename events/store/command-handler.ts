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

export type CommandOptions<Types extends readonly EventType<string, unknown>[], State> = {
  expectedVersion?: number | undefined;
  metadata?: EventMetadata;
  idempotency?: Idempotency | undefined;
  /**
   * Writes the decision calls for that must commit with its events (an outbox message):
   * run in the append's transaction with the new events and state; not run on a replay.
   */
  alongside?: ((tx: SqlClient, events: DomainEvent<Types[number]>[], state: State) => Promise<void>) | undefined;
};

/** How often a command without a caller-given version is retried after losing a race. */
const RACE_RETRIES = 3;

/**
 * The aggregate's state folded from its stream (inside `client`'s transaction when given), and
 * the stream's version. A stream may carry several deciders' events (a user's account and
 * favourites): each folds only its own types, while the version covers the whole stream.
 */
export async function loadState<Command, Types extends readonly EventType<string, unknown>[], State>(
  store: EventStore,
  aggregate: Aggregate<Command, Types, State>,
  streamId: string,
  client?: SqlClient,
): Promise<{ state: State; version: number }> {
  const recorded = await store.readStream(streamId, 1, client);
  return {
    state: foldEvents(aggregate.decider, ownEvents(aggregate, recorded)),
    version: recorded[recorded.length - 1]?.streamVersion ?? 0,
  };
}

function ownEvents<Types extends readonly EventType<string, unknown>[]>(
  aggregate: { eventTypes: Types },
  recorded: RecordedEvent[],
) {
  const decode = createEventDecoder(aggregate.eventTypes);
  const own = new Set(aggregate.eventTypes.map((t) => t.type));
  return recorded.filter((e) => own.has(e.type)).map(decode);
}

/**
 * One load, decide and append: in `tx` when given (appendIn), else in the append's own
 * transaction. A repeated idempotency key answers the first result without deciding again.
 */
async function decideAndAppend<Command, Types extends readonly EventType<string, unknown>[], State>(
  store: EventStore,
  tx: SqlClient | undefined,
  aggregate: Aggregate<Command, Types, State>,
  streamId: string,
  command: Command,
  options: CommandOptions<Types, State>,
): Promise<CommandResult<DomainEvent<Types[number]>, State>> {
  if (options.idempotency) {
    const prior = await store.priorResult(options.idempotency, tx);
    if (prior) return { ...prior, events: [], state: (await loadState(store, aggregate, streamId, tx)).state };
  }
  const { state, version } = await loadState(store, aggregate, streamId, tx);
  if (options.expectedVersion !== undefined && options.expectedVersion !== version) {
    throw new ConcurrencyError(streamId, String(options.expectedVersion), version);
  }
  const events = aggregate.decider.decide(command, state);
  const next = events.reduce(aggregate.decider.evolve, state);
  const versions = new Map(aggregate.eventTypes.map((t) => [t.type, t.version] as const));
  const newEvents = events.map((e) => ({ type: e.type, data: e.data, schemaVersion: versions.get(e.type) ?? 1 }));
  const { alongside } = options;
  const appendOptions = {
    idempotency: options.idempotency,
    alongside: alongside && ((t: SqlClient) => alongside(t, events, next)),
  };
  const expected = version === 0 ? 'no_stream' : version;
  const result = tx
    ? await store.appendIn(tx, streamId, expected, newEvents, options.metadata ?? {}, appendOptions)
    : await store.append(streamId, expected, newEvents, options.metadata ?? {}, appendOptions);
  return { ...result, events, state: next };
}

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
  options: CommandOptions<Types, State> = {},
): Promise<CommandResult<DomainEvent<Types[number]>, State>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideAndAppend(store, undefined, aggregate, streamId, command, options);
    } catch (error) {
      const mayRetry =
        error instanceof ConcurrencyError && options.expectedVersion === undefined && attempt < RACE_RETRIES;
      if (!mayRetry) throw error;
    }
  }
}

/**
 * handleCommand inside the caller's transaction `tx`, for a command whose events must commit
 * with the caller's other writes and locks (a scan's queue row, the admins' rows). Reads the
 * stream and appends in `tx`; a lost race is not retried here but thrown (ConcurrencyError):
 * the transaction is the caller's to roll back and run again.
 */
export function handleCommandIn<Command, Types extends readonly EventType<string, unknown>[], State>(
  tx: SqlClient,
  store: EventStore,
  aggregate: Aggregate<Command, Types, State>,
  streamId: string,
  command: Command,
  options: CommandOptions<Types, State> = {},
): Promise<CommandResult<DomainEvent<Types[number]>, State>> {
  return decideAndAppend(store, tx, aggregate, streamId, command, options);
}
