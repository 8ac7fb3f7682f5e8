import type { SqlClient } from '../../events/store/sql.ts';
import type { SuspendedAccount, SuspensionsQuery } from '../contract/suspensions.schema.ts';

type Row = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  suspension_reason: string | null;
  suspended_at: Date;
  hidden_listings: number;
};

/** The suspended accounts, the latest suspension first, each with how many of its listings are hidden. */
export async function listSuspendedAccounts(
  db: SqlClient,
  q: SuspensionsQuery,
): Promise<{ accounts: SuspendedAccount[]; total: number }> {
  const rows = await db.query<Row>(
    `select u.id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name,
       u.email, u.phone, u.suspension_reason, u.suspended_at,
       (select count(*)::int from properties p where p.owner_id = u.id and not p.is_active and not p.deleted)
         as hidden_listings
     from users u where u.suspended_at is not null
     order by u.suspended_at desc, u.id limit $1 offset $2`,
    [q.limit, (q.page - 1) * q.limit],
  );
  const [count] = await db.query<{ total: number }>(
    'select count(*)::int as total from users where suspended_at is not null',
  );
  return { accounts: rows.map(toSuspendedAccount), total: count?.total ?? 0 };
}

const toSuspendedAccount = (r: Row): SuspendedAccount => ({
  userId: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  reason: r.suspension_reason ?? '',
  suspendedAt: new Date(r.suspended_at).toISOString(),
  hiddenListings: r.hidden_listings,
});
