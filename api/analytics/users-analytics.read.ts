import type { SqlClient } from '../../events/store/sql.ts';
import type { UsersAnalytics } from '../contract/analytics.schema.ts';
import { analyticsWindow } from './analytics-window.ts';

type Row = {
  total: number;
  renter: number;
  owner: number;
  agent: number;
  both: number;
  verified: number;
  admins: number;
  new7: number;
  new30: number;
};

/**
 * Counts from the users read model. "New in the last 7 (30) days" uses the same window as
 * visitor analytics: the last 7 (30) UTC calendar days, today included.
 */
export async function readUsersAnalytics(db: SqlClient, now: Date): Promise<UsersAnalytics> {
  const [row] = await db.query<Row>(
    `select count(*)::int as total,
            count(*) filter (where user_type = 'renter')::int as renter,
            count(*) filter (where user_type = 'owner')::int as owner,
            count(*) filter (where user_type = 'agent')::int as agent,
            count(*) filter (where user_type = 'both')::int as both,
            count(*) filter (where email_verified or phone_verified)::int as verified,
            count(*) filter (where is_admin)::int as admins,
            count(*) filter (where created_at >= $1)::int as new7,
            count(*) filter (where created_at >= $2)::int as new30
     from users`,
    [analyticsWindow(now, 7).start.toISOString(), analyticsWindow(now, 30).start.toISOString()],
  );
  const r = row!;
  return {
    totalUsers: r.total,
    byAccountType: { renter: r.renter, owner: r.owner, agent: r.agent, both: r.both },
    verifiedUsers: r.verified,
    admins: r.admins,
    newLast7Days: r.new7,
    newLast30Days: r.new30,
  };
}
