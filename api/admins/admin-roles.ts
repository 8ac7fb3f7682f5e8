import type { SqlClient } from '../../events/store/sql.ts';
import { ADMIN_ROLE_ERRORS } from '../../events/user/admin-role.decider.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { adminRoleCommands } from '../auth/account-commands.ts';
import { findUserById, findUserByIdentifier, type UserRow } from '../auth/users.read.ts';
import { runCommand, type CommandOrigin } from '../commands/run-command.ts';
import type { AdminSummary } from '../contract/admins.schema.ts';
import { isUuid } from '../http/is-uuid.ts';

type RoleDeps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

export const toAdminSummary = (row: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>): AdminSummary => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
});

export async function listAdmins(db: SqlClient): Promise<AdminSummary[]> {
  const rows = await db.query<UserRow>(
    `select id, email, first_name, last_name from users where is_admin
     order by lower(coalesce(first_name, '')), lower(coalesce(last_name, '')), email, id`,
  );
  return rows.map(toAdminSummary);
}

/**
 * The one serialisation point of admin changes (docs/decisions/090): inside the caller's
 * transaction, locks the target's stream row and then every admin's users row, in id order.
 * A second grant or revoke waits here until the first commits, then sees the admins it left.
 * The stream row comes first because every append takes it before the users row its
 * projection writes: taking them in the other order could deadlock with the target's own edit.
 */
async function lockAdmins(tx: SqlClient, targetId: string): Promise<Set<string>> {
  await tx.query('select 1 from streams where stream_id = $1 for update', [userStreamId(targetId)]);
  const rows = await tx.query<{ id: string }>('select id from users where is_admin order by id for update');
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes the account with this e-mail an admin, by the admin the origin names. The rules
 * (only an admin, only a verified address, nothing for an admin already) are the admin role
 * decider's, decided on the admins as the lock found them, in the lock's transaction.
 */
export async function grantAdminRole(
  deps: RoleDeps,
  origin: CommandOrigin,
  email: string,
): Promise<{ granted: boolean; admin: AdminSummary }> {
  const found = await findUserByIdentifier(deps.db, { kind: 'email', value: email });
  if (!found) throw ADMIN_ROLE_ERRORS.noSuchAccount();
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, found.id);
    const { events } = await runCommand(
      deps.store,
      origin,
      adminRoleCommands,
      found.id,
      { type: 'GrantAdmin', email, by: { kind: 'admin', actorId: origin.actorId, admins }, at: deps.clock() },
      { tx },
    );
    const row = await findUserById(tx, found.id);
    return { granted: events.length > 0, admin: toAdminSummary(row ?? found) };
  });
}

/**
 * Takes admin away from `targetId`, by the admin the origin names: never one's own, never the
 * last admin's (the decider's rules); with the admins locked, two admins revoking each other at
 * once cannot both succeed.
 */
export async function revokeAdminRole(deps: RoleDeps, origin: CommandOrigin, targetId: string): Promise<AdminSummary> {
  if (!isUuid(targetId)) throw ADMIN_ROLE_ERRORS.adminNotFound();
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, targetId);
    await runCommand(
      deps.store,
      origin,
      adminRoleCommands,
      targetId,
      {
        type: 'RevokeAdmin',
        userId: targetId,
        by: { kind: 'admin', actorId: origin.actorId, admins },
        at: deps.clock(),
      },
      { tx },
    );
    const row = await findUserById(tx, targetId);
    if (!row) throw ADMIN_ROLE_ERRORS.adminNotFound();
    return toAdminSummary(row);
  });
}
