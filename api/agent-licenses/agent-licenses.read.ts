import type { SqlClient } from '../../events/store/sql.ts';
import type {
  AdminLicensesQuery,
  AgentLicenseEntry,
  AgentLicenseLabel,
  LicenseStatus,
} from '../contract/agent-licenses.schema.ts';

/**
 * An account's licence as the admins see it (LicenseStatus), in SQL over a `users` row named
 * `user`: a finding holds only for the number it was about, so a new number is `pending` again.
 */
export const licenseStatusSql = (user: string) => `case when coalesce(${user}.license_number, '') = '' then 'none'
  else coalesce((select c.status from agent_license_checks c
    where c.user_id = ${user}.id and c.license_number = ${user}.license_number), 'pending') end`;

/** The reason of a rejection that holds (see licenseStatusSql), else null. */
export const licenseRejectionSql = (user: string) => `(select c.reason from agent_license_checks c
  where c.user_id = ${user}.id and c.license_number = ${user}.license_number and c.status = 'rejected')`;

/** What renters are told of an owner: only an agent is labelled, verified or not. */
export const agentLicenseLabel = (userType: string | null, status: string | null): AgentLicenseLabel | null =>
  userType !== 'agent' ? null : status === 'verified' ? 'verified' : 'unverified';

type Row = {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  email: string | null;
  phone: string | null;
  license_number: string;
  status: Exclude<LicenseStatus, 'none'>;
  reason: string | null;
  decided_at: Date | null;
  live_listings: number;
};

/** Agents with a licence number and what was found about it; the checked ones only while it is still their number. */
const AGENTS = `select u.id as user_id, u.first_name, u.last_name, u.business_name, u.email, u.phone, u.license_number,
    coalesce(c.status, 'pending') as status, c.reason, c.decided_at, u.created_at
  from users u
  left join agent_license_checks c on c.user_id = u.id and c.license_number = u.license_number
  where u.user_type = 'agent' and coalesce(u.license_number, '') <> ''`;

/** One page of the admins' queue: the longest waiting first among the pending, the latest finding first among the rest. */
export async function listAgentLicenses(
  db: SqlClient,
  q: AdminLicensesQuery,
): Promise<{ agents: AgentLicenseEntry[]; total: number }> {
  const status = q.status === 'all' ? null : q.status;
  const where = '($1::text is null or a.status = $1)';
  const order =
    q.status === 'pending'
      ? 'a.created_at asc, a.user_id'
      : 'a.decided_at desc nulls first, a.created_at asc, a.user_id';
  const rows = await db.query<Row>(
    `select a.*, (select count(*)::int from properties p where p.owner_id = a.user_id and p.is_live) as live_listings
     from (${AGENTS}) as a where ${where} order by ${order} limit $2 offset $3`,
    [status, q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from (${AGENTS}) as a where ${where}`,
    [status],
  );
  return { agents: rows.map(toEntry), total: count?.total ?? 0 };
}

/** An agent of the queue by id, whatever their status; undefined for anyone else (not an agent, no number). */
export async function findAgentLicense(db: SqlClient, userId: string): Promise<AgentLicenseEntry | undefined> {
  const [row] = await db.query<Row>(
    `select a.*, (select count(*)::int from properties p where p.owner_id = a.user_id and p.is_live) as live_listings
     from (${AGENTS}) as a where a.user_id = $1`,
    [userId],
  );
  return row && toEntry(row);
}

const toEntry = (r: Row): AgentLicenseEntry => ({
  userId: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  businessName: r.business_name,
  email: r.email,
  phone: r.phone,
  licenseNumber: r.license_number,
  status: r.status,
  reason: r.status === 'rejected' ? r.reason : null,
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  liveListings: r.live_listings,
});
