import type { SqlClient } from '../../events/store/sql.ts';

/** How many listings are live now (anyone may see them). */
export async function countLiveListings(db: SqlClient): Promise<number> {
  const [row] = await db.query<{ live: number }>('select count(*)::int as live from properties where is_live');
  return row?.live ?? 0;
}

/** One sitemap file's live listings, by id so that each file keeps its listings from day to day, and when each last changed. */
export function liveListingsPage(db: SqlClient, page: number, perPage: number) {
  return db.query<{ id: string; updated_at: Date }>(
    'select id, updated_at from properties where is_live order by id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
}
