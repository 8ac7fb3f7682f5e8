// The writers of npm run stress:events: what each appends, and the ledger of what
// committed, what rolled back and what idempotent repeats answered.
import { createRandom } from '../seed/photos.ts';
import { ConcurrencyError } from '../../events/store/errors.ts';
import type { AppendResult, EventStore, NewEvent } from '../../events/store/event-store.ts';
import type { Database } from '../../events/store/sql.ts';

/** The types the second stress subscription reads (it passes the others). */
export const TYPED_SUBSCRIPTION_TYPES = ['Opened', 'Closed'];
const TYPES = ['Opened', 'Noted', 'Moved', 'Closed'];

export type CommittedEvent = { streamId: string; version: number; type: string; committedAt: number };

export type Ledger = {
  committed: Map<string, CommittedEvent>;
  rolledBack: Set<string>;
  /** Every answer each shared idempotency key got. */
  idempotent: Map<string, AppendResult[]>;
  counts: Record<'single' | 'multi' | 'idempotent' | 'long' | 'rolledBack' | 'deadlocked' | 'gaveUp', number>;
  errors: string[];
};

export const newLedger = (): Ledger => ({
  committed: new Map(),
  rolledBack: new Set(),
  idempotent: new Map(),
  counts: { single: 0, multi: 0, idempotent: 0, long: 0, rolledBack: 0, deadlocked: 0, gaveUp: 0 },
  errors: [],
});

class RollBack extends Error {}

export type WorkloadOptions = { writers: number; opsPerWriter: number; streams: number; prefix: string; seed: number };

/**
 * `writers` concurrent writers, each doing `opsPerWriter` operations over a few
 * shared streams: single appends at the exact version they read, multi-event
 * appends, appends with idempotency keys shared between writers (so repeats race),
 * longer transactions that write elsewhere first and then append to two streams,
 * and transactions that append and roll back.
 */
export async function runWorkload(db: Database, store: EventStore, o: WorkloadOptions): Promise<Ledger> {
  const ledger = newLedger();
  const streams = Array.from({ length: o.streams }, (_, i) => `${o.prefix}s${i}`);
  const keyPool = Math.max(4, Math.floor((o.writers * o.opsPerWriter) / 8));
  const committed = (result: AppendResult, events: readonly NewEvent[], at: number) => {
    result.eventIds.forEach((id, i) => {
      const seen = ledger.committed.get(id);
      const version = result.nextVersion - result.eventIds.length + 1 + i;
      if (!seen || seen.committedAt > at)
        ledger.committed.set(id, { streamId: result.streamId, version, type: events[i]!.type, committedAt: at });
    });
  };

  async function writer(w: number) {
    const rnd = createRandom(o.seed * 1000 + w);
    const events = (n: number): NewEvent[] =>
      Array.from({ length: n }, (_, i) => ({ type: rnd.pick(TYPES), data: { w, i } }));
    for (let op = 0; op < o.opsPerWriter; op++) {
      const roll = rnd.next();
      try {
        if (roll < 0.3) {
          ledger.counts.single++;
          const streamId = rnd.pick(streams);
          const batch = events(1);
          for (let attempt = 0; ; attempt++) {
            const version = await store.streamVersion(streamId);
            try {
              committed(await store.append(streamId, version === 0 ? 'no_stream' : version, batch), batch, Date.now());
              break;
            } catch (error) {
              if (!(error instanceof ConcurrencyError)) throw error;
              if (attempt === 10) {
                ledger.counts.gaveUp++;
                break;
              }
            }
          }
        } else if (roll < 0.45) {
          ledger.counts.multi++;
          const batch = events(2 + rnd.int(0, 2));
          committed(await store.append(rnd.pick(streams), 'any', batch), batch, Date.now());
        } else if (roll < 0.6) {
          ledger.counts.idempotent++;
          // The request follows from the key, so writers that draw the same key send the same request.
          const k = rnd.int(0, keyPool - 1);
          const key = `${o.prefix}key-${k}`;
          const batch: NewEvent[] = Array.from({ length: 1 + (k % 3) }, (_, i) => ({
            type: TYPES[(k + i) % TYPES.length]!,
            data: { k, i },
          }));
          const result = await store.append(
            streams[k % streams.length]!,
            'any',
            batch,
            {},
            { idempotency: { key, requestHash: `h-${k}` } },
          );
          ledger.idempotent.set(key, [...(ledger.idempotent.get(key) ?? []), result]);
          if (!result.replayed) committed(result, batch, Date.now());
        } else if (roll < 0.85) {
          ledger.counts.long++;
          // Writes elsewhere first (so it holds a transaction id before its appends), holds on, then appends twice.
          const first = events(1 + rnd.int(0, 1));
          const second = events(1);
          const withKey = rnd.next() < 0.3;
          const appended: string[] = [];
          try {
            const results = await db.transaction(async (tx) => {
              await tx.query('insert into stress_side (note) values ($1)', [`w${w} op${op}`]);
              await tx.query('select pg_sleep($1)', [rnd.int(0, 19) / 1000]);
              const a = await store.appendIn(
                tx,
                rnd.pick(streams),
                'any',
                first,
                {},
                withKey ? { idempotency: { key: `${o.prefix}long-${w}-${op}`, requestHash: 'h' } } : {},
              );
              appended.push(...a.eventIds);
              const b = await store.appendIn(tx, rnd.pick(streams), 'any', second, {});
              appended.push(...b.eventIds);
              return [a, b] as const;
            });
            const at = Date.now();
            committed(results[0], first, at);
            committed(results[1], second, at);
          } catch (error) {
            // Two of these taking the same two streams in opposite orders: the server rolls one back.
            if ((error as { code?: string }).code !== '40P01') throw error;
            ledger.counts.deadlocked++;
            for (const id of appended) ledger.rolledBack.add(id);
          }
        } else {
          ledger.counts.rolledBack++;
          const batch = events(1 + rnd.int(0, 2));
          let appended: AppendResult | undefined;
          await db
            .transaction(async (tx) => {
              await tx.query('insert into stress_side (note) values ($1)', [`w${w} op${op} rolled back`]);
              appended = await store.appendIn(tx, rnd.pick(streams), 'any', batch, {});
              throw new RollBack();
            })
            .catch((error: unknown) => {
              if (!(error instanceof RollBack)) throw error;
            });
          for (const id of appended?.eventIds ?? []) ledger.rolledBack.add(id);
        }
      } catch (error) {
        ledger.errors.push(`writer ${w} op ${op}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  await Promise.all(Array.from({ length: o.writers }, (_, w) => writer(w)));
  return ledger;
}
