// The invariants npm run stress:events checks after each iteration.
import type { Database } from '../../events/store/sql.ts';
import { TYPED_SUBSCRIPTION_TYPES, type Ledger } from './workload.ts';

type Stored = { event_id: string; stream_id: string; stream_version: number; type: string };
type Handled = { event_id: string; stream_id: string; stream_version: number; handled_ms: number };

export type SubscriptionName = 'stress-all' | 'stress-typed';

const storedEvents = (db: Database, prefix: string) =>
  db.query<Stored>(
    `select event_id::text, stream_id, stream_version, type from events where stream_id like $1 || '%'`,
    [prefix],
  );

/** What one subscription handled of this iteration's streams, in the order it handled them. */
const handledRows = (db: Database, prefix: string, subscription: SubscriptionName) =>
  db.query<Handled>(
    `select event_id::text, stream_id, stream_version, extract(epoch from handled_at) * 1000 as handled_ms
     from stress_handled where subscription = $1 and stream_id like $2 || '%' order by seq`,
    [subscription, prefix],
  );

/** How many events of this iteration each subscription should handle, and has handled so far. */
export async function progress(db: Database, prefix: string) {
  const [row] = await db.query<{
    all_expected: number;
    typed_expected: number;
    all_handled: number;
    typed_handled: number;
  }>(
    `select
       (select count(*) from events where stream_id like $1 || '%')::int8 as all_expected,
       (select count(*) from events where stream_id like $1 || '%' and type = any($2::text[]))::int8 as typed_expected,
       (select count(*) from stress_handled where subscription = 'stress-all' and stream_id like $1 || '%')::int8 as all_handled,
       (select count(*) from stress_handled where subscription = 'stress-typed' and stream_id like $1 || '%')::int8 as typed_handled`,
    [prefix, TYPED_SUBSCRIPTION_TYPES],
  );
  return row!;
}

/**
 * Every event a writer saw commit is stored, once, at the version it was told;
 * nothing rolled back is stored; each subscription handled each of its events
 * exactly once, nothing else, and each stream's events in version order; every
 * answer to one idempotency key is the same, and only the first appended.
 * Returns the violations and, for `stress-all`, each event's lag from the
 * writer's commit to its handling (ms).
 */
export async function checkIteration(
  db: Database,
  prefix: string,
  ledger: Ledger,
): Promise<{ violations: string[]; lags: number[] }> {
  const violations: string[] = [...ledger.errors.map((e) => `writer error: ${e}`)];
  const stored = await storedEvents(db, prefix);
  const storedById = new Map(stored.map((e) => [e.event_id, e]));

  for (const [id, c] of ledger.committed) {
    const s = storedById.get(id);
    if (!s) violations.push(`committed event ${id} (${c.streamId}@${c.version}) is not stored`);
    else if (s.stream_id !== c.streamId || s.stream_version !== c.version)
      violations.push(`event ${id} is stored as ${s.stream_id}@${s.stream_version}, not ${c.streamId}@${c.version}`);
  }
  for (const s of stored)
    if (!ledger.committed.has(s.event_id))
      violations.push(`stored event ${s.event_id} (${s.stream_id}@${s.stream_version}) was never reported committed`);
  for (const id of ledger.rolledBack) if (storedById.has(id)) violations.push(`rolled-back event ${id} is stored`);
  const versions = new Map<string, number[]>();
  for (const s of stored) versions.set(s.stream_id, [...(versions.get(s.stream_id) ?? []), s.stream_version]);
  for (const [stream, vs] of versions) {
    vs.sort((a, b) => a - b);
    if (vs.some((v, i) => v !== i + 1))
      violations.push(`stream ${stream} has versions ${vs.join(',')}, not 1 to ${vs.length}`);
  }

  for (const [key, answers] of ledger.idempotent) {
    const originals = answers.filter((a) => !a.replayed).length;
    if (originals !== 1) violations.push(`idempotency key ${key} appended ${originals} times`);
    const distinct = new Set(answers.map((a) => `${a.nextVersion}:${a.eventIds.join(',')}`));
    if (distinct.size !== 1) violations.push(`idempotency key ${key} got ${distinct.size} different answers`);
  }

  const lags: number[] = [];
  for (const subscription of ['stress-all', 'stress-typed'] as const) {
    const expected =
      subscription === 'stress-all' ? stored : stored.filter((e) => TYPED_SUBSCRIPTION_TYPES.includes(e.type));
    const expectedIds = new Set(expected.map((e) => e.event_id));
    const handled = await handledRows(db, prefix, subscription);
    const times = new Map<string, number>();
    for (const h of handled) {
      if (ledger.rolledBack.has(h.event_id)) violations.push(`${subscription} handled rolled-back event ${h.event_id}`);
      else if (!expectedIds.has(h.event_id))
        violations.push(`${subscription} handled ${h.event_id}, which it should not have`);
      if (times.has(h.event_id))
        violations.push(`${subscription} handled ${h.event_id} (${h.stream_id}@${h.stream_version}) more than once`);
      times.set(h.event_id, h.handled_ms);
    }
    for (const id of expectedIds)
      if (!times.has(id))
        violations.push(
          `${subscription} never handled ${id} (${storedById.get(id)!.stream_id}@${storedById.get(id)!.stream_version})`,
        );
    const lastVersion = new Map<string, number>();
    for (const h of handled) {
      const before = lastVersion.get(h.stream_id) ?? 0;
      if (h.stream_version <= before)
        violations.push(`${subscription} handled ${h.stream_id}@${h.stream_version} after version ${before}`);
      lastVersion.set(h.stream_id, Math.max(before, h.stream_version));
    }
    if (subscription === 'stress-all') {
      for (const [id, at] of times) {
        const c = ledger.committed.get(id);
        if (c) lags.push(Math.max(0, at - c.committedAt));
      }
    }
  }
  return { violations, lags };
}
