import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import {
  DeadLettersQuerySchema,
  RecentVisitorsQuerySchema,
  VisitorAnalyticsQuerySchema,
  type PageViewDeadLettersAnswer,
  type RecentVisitorsAnswer,
  type UsersAnalytics,
  type VisitorAnalytics,
} from '../contract/analytics.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { readPageViewDeadLetters } from './page-view-dead-letters.ts';
import { readRecentVisitors } from './recent-visitors.read.ts';
import { readUsersAnalytics } from './users-analytics.read.ts';
import { readVisitorAnalytics } from './visitor-analytics.read.ts';

/** The Admin Panel's User Analytics tab (spec part 2 §2, §7). Admins only: 401 signed out, 403 others. */
export function adminAnalyticsRoutes(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return (
    new Hono<AppEnv>()
      .get('/users-analytics', requireAdmin, async (c) =>
        c.json((await readUsersAnalytics(deps.db, deps.clock())) satisfies UsersAnalytics),
      )
      .get('/visitor-analytics', requireAdmin, validate('query', VisitorAnalyticsQuerySchema), async (c) => {
        const { days } = c.req.valid('query');
        return c.json((await readVisitorAnalytics(deps.db, deps.clock(), days)) satisfies VisitorAnalytics);
      })
      .get('/recent-visitors', requireAdmin, validate('query', RecentVisitorsQuerySchema), async (c) => {
        const { limit } = c.req.valid('query');
        return c.json({ visitors: await readRecentVisitors(deps.db, limit) } satisfies RecentVisitorsAnswer);
      })
      // Views PostgreSQL refused, set aside so that the rest was written (docs/decisions/110).
      .get('/analytics/dead-letters', requireAdmin, validate('query', DeadLettersQuerySchema), async (c) => {
        const { limit } = c.req.valid('query');
        return c.json((await readPageViewDeadLetters(deps.db, limit)) satisfies PageViewDeadLettersAnswer);
      })
  );
}
