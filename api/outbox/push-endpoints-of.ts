import type { SqlClient } from '../../events/store/sql.ts';

/** The browsers a person let show Efie's notifications (web push, ADR 370), oldest first. */
export const pushEndpointsOf = async (tx: SqlClient, userId: string): Promise<string[]> =>
  (
    await tx.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1 order by created_at',
      [userId],
    )
  ).map((row) => row.endpoint);
