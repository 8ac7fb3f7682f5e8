import { setTimeout as sleep } from 'node:timers/promises';
import { readAll, START, type Checkpoint, type RecordedEvent } from '../../events/store/event-store.ts';
import type { SqlClient } from '../../events/store/sql.ts';

/**
 * Reads the global log from `from` once `count` events lie below the horizon.
 * The horizon is cluster-wide, so on the real server a transaction open in
 * another database (a parallel test file) holds back what is readable; this
 * waits up to a minute for it instead of reading too early and flaking.
 */
export async function readAllSettled(
  client: SqlClient,
  count: number,
  from: Checkpoint = START,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const events = await readAll(client, from, Math.max(count, 1000));
    if (events.length >= count || Date.now() > deadline) return events;
    await sleep(20);
  }
}
