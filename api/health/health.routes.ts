import { Hono } from 'hono';
import type { Database } from '../../events/store/sql.ts';
import { logStatus } from '../../events/store/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorBody } from '../http/error-response.ts';

/** Beyond this many events, health says "at least" instead of counting on. */
export const LAG_COUNT_CAP = 1_000;

/**
 * GET /api/health: the database answers, how many events it holds, which version
 * runs, and where each subscription stands: its checkpoint and how many events of
 * the log lie beyond it (docs/decisions/002). One statement whose every part is
 * bounded, so it stays cheap for load balancers however large the log or a
 * subscriber's lag grows.
 */
export function healthRoutes({ db, version, search }: { db: Database; version: string } & Pick<AppDeps, 'search'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      const log = await logStatus(db, LAG_COUNT_CAP);
      return c.json({
        status: 'ok',
        database: db.kind,
        // The last global position (see logStatus): health must stay cheap at millions of events.
        events: log.lastPosition,
        version,
        // Searches come from this process's in-memory index once it is loaded (docs/decisions/260).
        searchIndex: search.index.status(),
        subscriptions: log.subscriptions.map((s) => ({
          name: s.name,
          checkpoint: s.checkpoint,
          eventsBehind: s.eventsBehind,
          eventsBehindCapped: s.eventsBehindCapped,
          checkpointUpdatedAt: s.updatedAt.toISOString(),
        })),
      });
    } catch (error) {
      c.var.log.error('health check failed', { error: String(error) });
      return c.json(errorBody('The database is not reachable.', 'database_unreachable'), 503);
    }
  });
}
