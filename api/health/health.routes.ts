import { Hono } from 'hono';
import type { Database } from '../../events/store/sql.ts';
import { type LogStatus, logStatus } from '../../events/store/subscriptions.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-faults.ts';
import { errorBody } from '../http/error-response.ts';

/** Beyond this many events, health says "at least" instead of counting on. */
export const LAG_COUNT_CAP = 1_000;
/** A database that has not answered within this is down, as far as health says (issue 32: never a hang). */
export const HEALTH_TIMEOUT_MS = 1_000;

/** Rejects after `ms` unless `promise` settles first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: the database answers, how many events it holds, which version
 * runs, and where each subscription stands: its checkpoint and how many events of
 * the log lie beyond it (docs/decisions/002). One statement whose every part is
 * bounded, so it stays cheap for load balancers however large the log or a
 * subscriber's lag grows.
 */
export function healthRoutes(
  {
    db,
    version,
    search,
    config: { healthFreshMs },
  }: { db: Database; version: string; config: { healthFreshMs: number } } & Pick<AppDeps, 'search'>,
  timeoutMs = HEALTH_TIMEOUT_MS,
) {
  // Health asked for many times at once (a load balancer, a probe under load) is one statement:
  // those that arrive while it runs share its answer, so they neither queue on PGlite's one
  // connection nor pile statements onto a database that has stopped answering. An answer is
  // reused for healthFreshMs after it came (issue 32: on PGlite each statement held the only
  // connection for about 28 ms under load); a failure is never reused.
  let running: Promise<LogStatus> | undefined;
  let last: { at: number; status: LogStatus } | undefined;
  const status = () => {
    if (last && performance.now() - last.at < healthFreshMs) return Promise.resolve(last.status);
    running ??= logStatus(db, LAG_COUNT_CAP)
      .then((answer) => {
        last = { at: performance.now(), status: answer };
        return answer;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      const log = await within(status(), timeoutMs);
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
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('The database is not reachable.', 'database_unreachable'), 503);
    }
  });
}
