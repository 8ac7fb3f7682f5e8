import {
  handleCommand,
  handleCommandIn,
  loadState,
  type Aggregate,
  type CommandOptions,
  type CommandResult,
} from '../../events/store/command-handler.ts';
import { brokenUniqueConstraint, type DomainError } from '../../events/store/errors.ts';
import type { EventStore, Idempotency } from '../../events/store/event-store.ts';
import type { DomainEvent, EventType } from '../../events/store/event-type.ts';
import type { SqlClient } from '../../events/store/sql.ts';

// The one way a command is run, from a route, a worker or a script (docs/decisions/210).

declare const byTheRule: unique symbol;

/**
 * Who asks for a command and in which request: what every event's metadata records and the
 * key its append is deduplicated by. Made only by requestOrigin or systemOrigin, so every
 * command follows the same rule.
 */
export type CommandOrigin = {
  readonly actorId: string | null;
  readonly requestId?: string;
  readonly idempotency?: Idempotency;
  readonly [byTheRule]: true;
};

/** What a request tells about itself: Hono's `c.var` has these. */
export type RequestFacts = {
  user: { id: string } | null;
  requestId?: string | undefined;
  idempotency?: Idempotency | undefined;
};

/**
 * A request's command: the actor is the signed-in user's id, else null (nobody is signed in:
 * registration, a password reset by link, the contact form); with the request's id and its
 * Idempotency-Key as the middleware scoped it to the caller.
 */
export function requestOrigin({ user, requestId, idempotency }: RequestFacts): CommandOrigin {
  return {
    actorId: user?.id ?? null,
    ...(requestId === undefined ? {} : { requestId }),
    ...(idempotency ? { idempotency } : {}),
  } as CommandOrigin;
}

/** Work no request asked for (the scan worker, the operator's CLI and start-up, the seed): the job's name is the actor. */
export function systemOrigin(name: string): CommandOrigin {
  return { actorId: name } as CommandOrigin;
}

/** An aggregate as the runner runs it: its decider, where its streams are, and what its commands need besides. */
export type CommandTarget<Command, Types extends readonly EventType<string, unknown>[], State> = Aggregate<
  Command,
  Types,
  State
> & {
  /** The stream of the aggregate with this id. */
  streamId: (id: string) => string;
  /**
   * The read models' unique indexes a command's events can break when another request wins a
   * race past the route's own check, by constraint name, and the refusal each one means.
   */
  uniqueIndexes?: Readonly<Record<string, () => DomainError>> | undefined;
  /**
   * Runs after every command on the aggregate, whatever came of it (the listings' search cache);
   * not with the caller's `tx`, whose writes are not committed yet: that caller runs it after its commit.
   */
  settled?: (() => void) | undefined;
};

export function commandTarget<Command, Types extends readonly EventType<string, unknown>[], State>(
  aggregate: Aggregate<Command, Types, State>,
  parts: Omit<CommandTarget<Command, Types, State>, keyof Aggregate<Command, Types, State>>,
): CommandTarget<Command, Types, State> {
  return { ...aggregate, ...parts };
}

export type RunOptions<Types extends readonly EventType<string, unknown>[], State> = Pick<
  CommandOptions<Types, State>,
  'expectedVersion' | 'alongside'
> & {
  /**
   * The caller's transaction, when the command's events must commit with its other writes and
   * locks (a scan's queue row, the admins' rows): a lost race is then thrown, not retried, and
   * a refusal for a broken unique index leaves `tx` unusable (PostgreSQL aborted it). The
   * target's `settled` hook is then the caller's to run once `tx` has committed.
   */
  tx?: SqlClient | undefined;
};

/**
 * Runs `command` on the aggregate `id` of `target`: loads, decides, appends (handleCommand, or
 * handleCommandIn with `tx`). The metadata is the origin's actor and request id; the origin's
 * idempotency key gets `#<stream id>`, so one request that changes several streams keeps one
 * key per stream. A lost race on a read model's unique index answers the target's refusal.
 */
export async function runCommand<Command, Types extends readonly EventType<string, unknown>[], State>(
  store: EventStore,
  origin: CommandOrigin,
  target: CommandTarget<Command, Types, State>,
  id: string,
  command: Command,
  { tx, ...options }: RunOptions<Types, State> = {},
): Promise<CommandResult<DomainEvent<Types[number]>, State>> {
  const streamId = target.streamId(id);
  const { idempotency } = origin;
  const commandOptions: CommandOptions<Types, State> = {
    ...options,
    metadata: { actorId: origin.actorId, ...(origin.requestId === undefined ? {} : { requestId: origin.requestId }) },
    idempotency: idempotency && { key: `${idempotency.key}#${streamId}`, requestHash: idempotency.requestHash },
  };
  try {
    return tx
      ? await handleCommandIn(tx, store, target, streamId, command, commandOptions)
      : await handleCommand(store, target, streamId, command, commandOptions);
  } catch (error) {
    const index = brokenUniqueConstraint(error);
    const refusals = target.uniqueIndexes ?? {};
    throw index !== undefined && Object.hasOwn(refusals, index) ? refusals[index]!() : error;
  } finally {
    if (!tx) target.settled?.();
  }
}

/** The aggregate's state as its stream holds it now (in `client`'s transaction when given), for reads that decide nothing. */
export function readState<Command, Types extends readonly EventType<string, unknown>[], State>(
  store: EventStore,
  target: CommandTarget<Command, Types, State>,
  id: string,
  client?: SqlClient,
): Promise<{ state: State; version: number }> {
  return loadState(store, target, target.streamId(id), client);
}
