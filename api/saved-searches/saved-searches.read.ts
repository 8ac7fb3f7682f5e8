import type { SqlClient } from '../../events/store/sql.ts';
import type { SavedSearch, SavedSearchFilters } from '../contract/saved-searches.schema.ts';

type Row = {
  id: string;
  user_id: string;
  name: string;
  filters: SavedSearchFilters | string;
  created_at: Date;
  last_alert_at: Date | null;
  alerts_sent: number;
};

const COLUMNS = 'id, user_id, name, filters, created_at, last_alert_at, alerts_sent';

const toSavedSearch = (r: Row): SavedSearch => ({
  id: r.id,
  name: r.name,
  filters: typeof r.filters === 'string' ? (JSON.parse(r.filters) as SavedSearchFilters) : r.filters,
  createdAt: new Date(r.created_at).toISOString(),
  lastAlertAt: r.last_alert_at ? new Date(r.last_alert_at).toISOString() : null,
  alertsSent: r.alerts_sent,
});

/** A person's subscribed saved searches, the newest first. */
export async function savedSearchesOf(db: SqlClient, userId: string): Promise<SavedSearch[]> {
  const rows = await db.query<Row>(
    `select ${COLUMNS} from saved_searches where user_id = $1 and unsubscribed_at is null
     order by created_at desc, id`,
    [userId],
  );
  return rows.map(toSavedSearch);
}

/** The subscribed saved searches that may be alerted now: none alerted since `since`. */
export async function searchesDueForAlerts(db: SqlClient, since: Date): Promise<(SavedSearch & { userId: string })[]> {
  const rows = await db.query<Row>(
    `select ${COLUMNS} from saved_searches
     where unsubscribed_at is null and (last_alert_at is null or last_alert_at <= $1)`,
    [since],
  );
  return rows.map((row) => ({ ...toSavedSearch(row), userId: row.user_id }));
}

export async function findSavedSearch(
  db: SqlClient,
  id: string,
): Promise<{ name: string; subscribed: boolean } | undefined> {
  const [row] = await db.query<{ name: string; subscribed: boolean }>(
    'select name, unsubscribed_at is null as subscribed from saved_searches where id = $1',
    [id],
  );
  return row;
}
