import type { SqlClient } from '../../events/store/sql.ts';
import type { VisitorRecord } from '../contract/analytics.schema.ts';

type Row = {
  id: string;
  visitor_id: string;
  is_registered_user: boolean;
  user_name: string | null;
  user_email: string | null;
  ip_network: string;
  city: string;
  country: string;
  pages_viewed: number;
  landing_page: string;
  first_visit: Date;
  last_visit: Date;
};

/**
 * The spec's Visitor records, newest last visit first. Name and e-mail are the account's
 * current ones, read from users (never copied into analytics): a renamed account shows its new name.
 */
export async function readRecentVisitors(db: SqlClient, limit: number): Promise<VisitorRecord[]> {
  const rows = await db.query<Row>(
    `select v.id, v.visitor_id, v.is_registered_user, v.ip_network, v.city, v.country, v.pages_viewed, v.landing_page,
            v.first_visit, v.last_visit, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as user_name, u.email as user_email
     from visitors v left join users u on u.id = v.user_id
     order by v.last_visit desc, v.visitor_id limit $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    visitorId: row.visitor_id,
    isRegisteredUser: row.is_registered_user,
    userName: row.user_name,
    userEmail: row.user_email,
    ipAddress: row.ip_network,
    city: row.city,
    country: row.country,
    pagesViewed: row.pages_viewed,
    landingPage: row.landing_page,
    firstVisit: new Date(row.first_visit).toISOString(),
    lastVisit: new Date(row.last_visit).toISOString(),
  }));
}
