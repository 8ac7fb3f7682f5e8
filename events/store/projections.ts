import { EVENT_COLUMNS, toRecordedEvent, type EventRow, type RecordedEvent } from './event-store.ts';
import type { Database, SqlClient } from './sql.ts';

/**
 * A read model: the tables it alone writes, the event types it reads, and how a
 * batch of events changes its rows. Applying an event twice must leave the same
 * rows as applying it once (rebuilds and retries rely on it).
 */
export type Projection = {
  name: string;
  tables: readonly string[];
  handles: readonly string[];
  apply(tx: SqlClient, events: RecordedEvent[]): Promise<void>;
  /** Runs in a rebuild once its tables are emptied, before the replay; what it answers runs after the replay. */
  onRebuild?(tx: SqlClient): Promise<(() => Promise<void>) | void>;
};

export type ProjectionSet = ReturnType<typeof createProjectionSet>;

export function createProjectionSet(projections: readonly Projection[]) {
  const names = new Set<string>();
  for (const p of projections) {
    if (names.has(p.name)) throw new Error(`projection ${p.name} is registered twice`);
    names.add(p.name);
  }

  async function applyAll(tx: SqlClient, events: RecordedEvent[]): Promise<void> {
    for (const projection of projections) {
      const relevant = events.filter((e) => projection.handles.includes(e.type));
      if (relevant.length > 0) await projection.apply(tx, relevant);
    }
  }

  return {
    projections,
    /** For the event store: runs inside the append's transaction. */
    applyInline: applyAll,
    /** Whether any projection reads one of these event types (else an append needs no transaction). */
    handlesAny: (types: readonly string[]) => projections.some((p) => types.some((t) => p.handles.includes(t))),
    /**
     * Empties every read model and replays the whole log into it, in one
     * transaction: readers see the old rows until the new ones commit.
     */
    async rebuild(db: Database, { batchSize = 5000 } = {}): Promise<{ events: number }> {
      return db.transaction(async (tx) => {
        const tables = projections.flatMap((p) => p.tables);
        if (tables.length > 0) await tx.query(`truncate ${tables.join(', ')}`);
        const afterReplay: (() => Promise<void>)[] = [];
        for (const projection of projections) {
          const after = await projection.onRebuild?.(tx);
          if (after) afterReplay.push(after);
        }
        let after = 0;
        let total = 0;
        for (;;) {
          // Within one stream, position order is version order: appends to a stream are serialised.
          const rows = await tx.query<EventRow>(
            `select ${EVENT_COLUMNS} from events where global_position > $1 order by global_position limit $2`,
            [after, batchSize],
          );
          if (rows.length === 0) break;
          const events = rows.map(toRecordedEvent);
          await applyAll(tx, events);
          total += events.length;
          after = events[events.length - 1]!.globalPosition;
        }
        for (const after of afterReplay) await after();
        return { events: total };
      });
    },
  };
}
