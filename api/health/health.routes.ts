import { Hono } from 'hono';
import type { Database } from '../../events/store/sql.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';

/** GET /api/health: the database answers, how many events it holds, which version runs. */
export function healthRoutes({ db, version }: { db: Database; version: string }) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      // The last global position, one index probe: health must stay cheap at millions of events
      // (a count is a full scan). It equals the number of events unless an append that had
      // taken a position rolled back, which leaves a gap in the sequence.
      const [row] = await db.query<{ events: number }>('select coalesce(max(global_position), 0)::int8 as events from events');
      return c.json({ status: 'ok', database: db.kind, events: row?.events ?? 0, version });
    } catch (error) {
      c.var.log.error('health check failed', { error: String(error) });
      return c.json(errorBody('The database is not reachable.', 'database_unreachable'), 503);
    }
  });
}
