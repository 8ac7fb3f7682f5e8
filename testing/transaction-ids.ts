import type { SqlClient } from '../events/store/sql.ts';

/** The server's next transaction id, as a bigint (xid8). */
export async function nextTransactionId(db: SqlClient): Promise<bigint> {
  const [row] = await db.query<{ id: string }>(`select pg_snapshot_xmax(pg_current_snapshot())::text as id`);
  return BigInt(row!.id);
}

/** approachPowerOfTen burns at most this many ids (about 20 seconds). */
const MAX_BURN = 2_000_000n;

async function powerOfTenAhead(db: SqlClient, margin: number) {
  const next = await nextTransactionId(db);
  let power = 10n ** BigInt(next.toString().length);
  if (power - next < BigInt(margin) * 2n) power *= 10n;
  return { next, power, target: power - BigInt(margin) };
}

/** Whether approachPowerOfTen can reach the next power of ten on this cluster (else it throws). */
export async function powerOfTenWithinReach(db: SqlClient, margin = 50): Promise<boolean> {
  const { next, target } = await powerOfTenAhead(db, margin);
  return target - next <= MAX_BURN;
}

/**
 * Burns transaction ids (one empty committed transaction each, about 100,000 a
 * second) until the next one is `margin` below a power of ten, at least `margin`
 * away: the events appended next get ids that change their number of decimal digits.
 * Returns that power of ten. Meant for a young cluster (the log test project's own).
 */
export async function approachPowerOfTen(db: SqlClient, margin = 50): Promise<bigint> {
  const { next, power, target } = await powerOfTenAhead(db, margin);
  if (target - next > MAX_BURN) {
    throw new Error(
      `the next power of ten is ${target - next} transaction ids away: run this on a fresh cluster (the log test project starts one)`,
    );
  }
  // A DO block may commit between statements (PostgreSQL 11+); no fsync wait for these empty commits.
  await db.query(`do $$
    declare previous text := current_setting('synchronous_commit');
    begin
      perform set_config('synchronous_commit', 'off', false);
      while pg_current_xact_id() < '${target}'::xid8 loop commit; end loop;
      perform set_config('synchronous_commit', previous, false);
    end $$`);
  return power;
}
