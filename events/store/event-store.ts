import { randomUUID } from 'node:crypto';
import { ConcurrencyError, IdempotencyKeyReusedError } from './errors.ts';
import type { Database, SqlClient } from './sql.ts';

/** An exact version, "no stream yet" (strict: a second create is a conflict) or "any". */
export type ExpectedVersion = number | 'no_stream' | 'any';

export type NewEvent = { type: string; data: unknown; schemaVersion?: number };

export type EventMetadata = {
  actorId?: string | null;
  requestId?: string;
  idempotencyKey?: string;
  [key: string]: unknown;
};

export type RecordedEvent = {
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  globalPosition: number;
  /**
   * The transaction id (xid8, as text) that, with globalPosition, orders the event for subscribers:
   * the writing transaction's, or the stream's previous event's when that is higher (docs/decisions/001).
   */
  transactionId: string;
  recordedAt: Date;
};

/** A place in the log: subscribers read what lies after it in (transactionId, globalPosition) order. */
export type Checkpoint = { transactionId: string; globalPosition: number };
export const START: Checkpoint = { transactionId: '0', globalPosition: 0 };

export type AppendResult = {
  streamId: string;
  /** The stream's version after the append. */
  nextVersion: number;
  eventIds: string[];
  /** True when an earlier append with the same idempotency key answered instead. */
  replayed: boolean;
};

export type Idempotency = { key: string; requestHash: string };

export type AppendOptions = {
  idempotency?: Idempotency | undefined;
  /**
   * Other writes that must commit with the events (an outbox message a decision calls for),
   * run in the append's transaction after the events are written; not run when an earlier
   * append with the same idempotency key answers instead.
   */
  alongside?: ((tx: SqlClient, result: AppendResult) => Promise<void>) | undefined;
};

/** Called inside the append's transaction: read models change together with the log. */
export type InlineProjector = (tx: SqlClient, events: RecordedEvent[]) => Promise<void>;

export type EventRow = {
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  global_position: number;
  transaction_id: string;
  recorded_at: Date;
};

export const EVENT_COLUMNS = `event_id, stream_id, stream_version, type, schema_version, data, metadata,
  global_position, transaction_id::text as transaction_id, recorded_at`;

export const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  globalPosition: row.global_position,
  transactionId: row.transaction_id,
  recordedAt: row.recorded_at,
});

/**
 * The stream-version step and the insert in one statement; no row back means the
 * version check failed. Whole events come back only when a read model needs them;
 * otherwise only ids and versions, which saves sending every payload back.
 *
 * The events are ordered for subscribers under the greater of this transaction's id
 * and the id the stream's previous event got (`streams.last_transaction_id`, read
 * under the stream's row lock). A transaction that wrote anything before its append
 * already holds an id, possibly lower than that of the append it follows; under its
 * own id its event would reach subscribers before the stream's previous one
 * (docs/decisions/001, amendment 2).
 */
function appendStatement(expected: ExpectedVersion, returning: 'events' | 'ids'): string {
  const insertEvents = `
    insert into events (transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata)
    select s.last_transaction_id, (e.value->>'eventId')::uuid, $1, s.version - $2 + e.ordinality::int, e.value->>'type',
           (e.value->>'schemaVersion')::int, e.value->'data', $3::jsonb
    from s, jsonb_array_elements(($4::jsonb)->'events') with ordinality e
    returning ${returning === 'events' ? EVENT_COLUMNS : 'event_id, stream_version'}`;
  if (expected === 'any') {
    return `with s as (
      insert into streams (stream_id, version, last_transaction_id) values ($1, $2, pg_current_xact_id())
      on conflict (stream_id) do update set version = streams.version + excluded.version,
        last_transaction_id = greatest(streams.last_transaction_id, excluded.last_transaction_id), updated_at = now()
      returning version, last_transaction_id) ${insertEvents}`;
  }
  if (expected === 'no_stream' || expected === 0) {
    return `with s as (
      insert into streams (stream_id, version, last_transaction_id) values ($1, $2, pg_current_xact_id())
      on conflict (stream_id) do nothing
      returning version, last_transaction_id) ${insertEvents}`;
  }
  return `with s as (
    update streams set version = version + $2,
      last_transaction_id = greatest(last_transaction_id, pg_current_xact_id()), updated_at = now()
    where stream_id = $1 and version = $5
    returning version, last_transaction_id) ${insertEvents}`;
}

export type EventStore = ReturnType<typeof createEventStore>;

export type EventStoreOptions = {
  project?: InlineProjector;
  /** Whether `project` reads any of these event types; without it, any append with a projector is assumed to. */
  projectsAny?: (types: readonly string[]) => boolean;
  newId?: () => string;
};

export function createEventStore(db: Database, options: EventStoreOptions = {}) {
  const project = options.project ?? (async () => {});
  const projectsAny = options.projectsAny ?? (() => options.project !== undefined);
  const newId = options.newId ?? randomUUID;

  async function priorResult(tx: SqlClient, idempotency: Idempotency): Promise<AppendResult | undefined> {
    const rows = await tx.query<{ request_hash: string; result: AppendResult | null }>(
      'select request_hash, result from append_idempotency where idempotency_key = $1',
      [idempotency.key],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.request_hash !== idempotency.requestHash) throw new IdempotencyKeyReusedError(idempotency.key);
    return row.result ? { ...row.result, replayed: true } : undefined;
  }

  const readByAnyProjection = (events: readonly NewEvent[]) => projectsAny(events.map((e) => e.type));

  /** `projected`: whether a read model reads any of the events (the caller has asked already). */
  async function appendWith(
    tx: SqlClient,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    metadata: EventMetadata,
    { idempotency, alongside }: AppendOptions,
    projected: boolean,
  ): Promise<AppendResult> {
    if (idempotency) {
      // Claiming the key first makes a concurrent duplicate wait for this transaction, then see its result.
      const claimed = await tx.query(
        `insert into append_idempotency (idempotency_key, stream_id, request_hash) values ($1, $2, $3)
         on conflict (idempotency_key) do nothing returning idempotency_key`,
        [idempotency.key, streamId, idempotency.requestHash],
      );
      if (claimed.length === 0) {
        const prior = await priorResult(tx, idempotency);
        if (prior) return prior;
      }
    }
    const fullMetadata = idempotency ? { ...metadata, idempotencyKey: idempotency.key } : metadata;
    let eventIds: string[] = [];
    let nextVersion: number;
    if (events.length === 0) {
      nextVersion = await currentVersion(tx, streamId);
    } else {
      const payload = events.map((e) => ({
        eventId: newId(),
        type: e.type,
        schemaVersion: e.schemaVersion ?? 1,
        data: e.data,
      }));
      // JSON parameters go as objects (both drivers serialise them), never as top-level arrays.
      const params: unknown[] = [streamId, events.length, fullMetadata, { events: payload }];
      if (typeof expected === 'number' && expected > 0) params.push(expected);
      const rows = await tx.query<EventRow>(appendStatement(expected, projected ? 'events' : 'ids'), params);
      if (rows.length === 0) {
        throw new ConcurrencyError(streamId, String(expected), await currentVersion(tx, streamId));
      }
      rows.sort((a, b) => a.stream_version - b.stream_version);
      eventIds = rows.map((row) => row.event_id);
      nextVersion = rows[rows.length - 1]!.stream_version;
      if (projected) await project(tx, rows.map(toRecordedEvent));
    }
    const result: AppendResult = { streamId, nextVersion, eventIds, replayed: false };
    if (idempotency) {
      await tx.query('update append_idempotency set result = $2::jsonb where idempotency_key = $1', [
        idempotency.key,
        result,
      ]);
    }
    if (alongside) await alongside(tx, result);
    return result;
  }

  async function currentVersion(client: SqlClient, streamId: string): Promise<number> {
    const rows = await client.query<{ version: number }>('select version from streams where stream_id = $1', [
      streamId,
    ]);
    return rows[0]?.version ?? 0;
  }

  return {
    /** Appends in its own transaction, with the inline projections. */
    append(
      streamId: string,
      expected: ExpectedVersion,
      events: readonly NewEvent[],
      metadata: EventMetadata = {},
      options: AppendOptions = {},
    ): Promise<AppendResult> {
      const projected = readByAnyProjection(events);
      // With nothing else to write, the append is one atomic statement: no transaction round trips.
      if (!options.idempotency && !projected && !options.alongside)
        return appendWith(db, streamId, expected, events, metadata, options, projected);
      return db.transaction((tx) => appendWith(tx, streamId, expected, events, metadata, options, projected));
    },
    /** Appends inside a caller's transaction (when other writes must commit with the events). */
    appendIn(
      tx: SqlClient,
      streamId: string,
      expected: ExpectedVersion,
      events: readonly NewEvent[],
      metadata: EventMetadata,
      options: AppendOptions = {},
    ): Promise<AppendResult> {
      return appendWith(tx, streamId, expected, events, metadata, options, readByAnyProjection(events));
    },
    /** The first result of an idempotency key, without appending: undefined when the key is new. */
    async priorResult(idempotency: Idempotency, client: SqlClient = db): Promise<AppendResult | undefined> {
      return priorResult(client, idempotency);
    },
    streamVersion: (streamId: string) => currentVersion(db, streamId),
    async readStream(streamId: string, fromVersion = 1, client: SqlClient = db): Promise<RecordedEvent[]> {
      const rows = await client.query<EventRow>(
        `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
        [streamId, fromVersion],
      );
      return rows.map(toRecordedEvent);
    },
    readAll: (from: Checkpoint, limit = 1000, client: SqlClient = db) => readAll(client, from, limit),
  };
}

/**
 * Committed events after `from`, in (transaction, position) order, never past the
 * oldest transaction still running: an event that commits late always has a
 * transaction id at or above that horizon, so it is read on a later poll instead
 * of being skipped (docs/decisions/001).
 */
export async function readAll(
  client: SqlClient,
  from: Checkpoint,
  limit = 1000,
  types?: readonly string[],
): Promise<RecordedEvent[]> {
  const typeFilter = types ? 'and e.type = any($4::text[])' : '';
  const params: unknown[] = [from.transactionId, from.globalPosition, limit];
  if (types) params.push(types);
  // Qualified on purpose: a bare `transaction_id` in ORDER BY names the output column, the id as
  // text, so '10000' sorted before '9999' and a batch's last event was not its highest: the
  // checkpoint then fell back (events handed out twice) or jumped ahead (events skipped).
  // Ordered by the xid8 column, the index (events_by_commit) serves the order and the limit.
  const rows = await client.query<EventRow>(
    `select ${EVENT_COLUMNS} from events e
     where (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
       and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ${typeFilter}
     order by e.transaction_id, e.global_position
     limit $3`,
    params,
  );
  return rows.map(toRecordedEvent);
}

export const checkpointOf = (event: RecordedEvent): Checkpoint => ({
  transactionId: event.transactionId,
  globalPosition: event.globalPosition,
});
