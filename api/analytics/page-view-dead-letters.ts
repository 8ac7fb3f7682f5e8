import type { SqlClient } from '../../events/store/sql.ts';
import type { PageViewDeadLetter } from '../contract/analytics.schema.ts';
import { errorText } from '../logger.ts';
import type { PageViewRecord } from './page-view.ts';

/**
 * Keeps a view that PostgreSQL refused (docs/decisions/110). JSON.stringify escapes a NUL and a
 * lone surrogate (`\u0000`, `\ud800`), so the view's JSON text is plain text the column takes;
 * the error's own text is made so too (a driver's message may quote the value).
 */
export async function setAsidePageView(db: SqlClient, view: PageViewRecord, error: unknown, now: Date): Promise<void> {
  const reason = errorText(error)
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
  await db.query('insert into page_view_dead_letters (failed_at, view, error) values ($1, $2, $3)', [
    now,
    JSON.stringify(view),
    reason,
  ]);
}

/** GET /api/admin/analytics/dead-letters: how many there are, and the newest `limit`. */
export async function readPageViewDeadLetters(
  db: SqlClient,
  limit: number,
): Promise<{ total: number; deadLetters: PageViewDeadLetter[] }> {
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from page_view_dead_letters');
  const rows = await db.query<{ id: string; failed_at: Date; view: string; error: string }>(
    'select id::text as id, failed_at, view, error from page_view_dead_letters order by id desc limit $1',
    [limit],
  );
  return {
    total: count?.total ?? 0,
    deadLetters: rows.map((r) => ({ id: r.id, failedAt: r.failed_at.toISOString(), view: r.view, error: r.error })),
  };
}
