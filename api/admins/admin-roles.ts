import { foldEvents } from '../../events/store/decider.ts';
import { DomainError } from '../../events/store/errors.ts';
import type { Idempotency } from '../../events/store/event-store.ts';
import { createEventDecoder } from '../../events/store/event-type.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { userDecider, type UserCommand } from '../../events/user/user.decider.ts';
import { USER_EVENT_TYPES, userEventTypes, userStreamId } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { findUserById, findUserByIdentifier, type UserRow } from '../auth/users.read.ts';
import { ADMIN_ERRORS, type AdminSummary } from '../contract/admins.schema.ts';
import { isUuid } from '../http/is-uuid.ts';

type RoleDeps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

/** Who asks, with the request's id and Idempotency-Key for the event's metadata and the store's dedupe. */
export type Actor = { id: string; requestId?: string | undefined; idempotency?: Idempotency | undefined };

const decode = createEventDecoder(userEventTypes);
const versions = new Map(userEventTypes.map((t) => [t.type, t.version] as const));
const ownTypes = new Set(USER_EVENT_TYPES);

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

const refusal = (kind: 'not_found' | 'conflict', code: string, message: string, onEmail = false) =>
  new DomainError(kind, code, message, onEmail ? { issues: [{ path: 'email', message }] } : {});

const noSuchAccount = () => refusal('not_found', ADMIN_ERRORS.userNotFound, 'No account uses this e-mail address. The person must register first.', true);
const unverified = () =>
  refusal('conflict', ADMIN_ERRORS.emailNotVerified, 'This account has not verified its e-mail address, so it cannot be made an admin yet.', true);
const adminNotFound = () => refusal('not_found', ADMIN_ERRORS.adminNotFound, 'This person is not an admin.');
const cannotRevokeSelf = () => refusal('conflict', ADMIN_ERRORS.cannotRevokeSelf, 'You cannot revoke your own admin rights. Ask another admin.');
const lastAdmin = () => refusal('conflict', ADMIN_ERRORS.lastAdmin, 'This is the last admin: make someone else an admin first.');
/** The actor lost admin rights while the request waited for the lock (another admin revoked them). */
const noLongerAdmin = () => new DomainError('forbidden', 'forbidden', 'Admins only');

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

/** The user's state from its stream as it is now (its stream row is locked), and the stream's version. */
async function loadUser(deps: RoleDeps, tx: SqlClient, userId: string) {
  const recorded = await deps.store.readStream(userStreamId(userId), 1, tx);
  const state = foldEvents(userDecider, recorded.filter((e) => ownTypes.has(e.type)).map(decode));
  return { state, version: recorded[recorded.length - 1]?.streamVersion ?? 0 };
}

/** Decides the command on that state and appends in `tx`: the events commit with the locks' checks, or not at all. */
async function decideAndAppend(
  deps: RoleDeps,
  tx: SqlClient,
  userId: string,
  loaded: Awaited<ReturnType<typeof loadUser>>,
  command: UserCommand,
  actor: Actor,
) {
  const events = userDecider.decide(command, loaded.state);
  await deps.store.appendIn(
    tx,
    userStreamId(userId),
    loaded.version,
    events.map((e) => ({ type: e.type, data: e.data, schemaVersion: versions.get(e.type) ?? 1 })),
    { actorId: actor.id, ...(actor.requestId ? { requestId: actor.requestId } : {}) },
    { idempotency: actor.idempotency },
  );
  return events;
}

/**
 * Makes the account with this e-mail an admin. Only a verified address: anyone can
 * register an address they do not hold. Already an admin: nothing is appended.
 */
export async function grantAdminRole(deps: RoleDeps, actor: Actor, email: string): Promise<{ granted: boolean; admin: AdminSummary }> {
  const found = await findUserByIdentifier(deps.db, { kind: 'email', value: email });
  if (!found) throw noSuchAccount();
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, found.id);
    if (!admins.has(actor.id)) throw noLongerAdmin();
    const loaded = await loadUser(deps, tx, found.id);
    // Checked on the stream as it is now: the address may have changed since the lookup.
    if (loaded.state.status !== 'registered' || loaded.state.email !== email) throw noSuchAccount();
    if (!loaded.state.emailVerified) throw unverified();
    const events = await decideAndAppend(deps, tx, found.id, loaded, { type: 'GrantAdmin', by: actor.id, at: deps.clock() }, actor);
    const row = await findUserById(tx, found.id);
    return { granted: events.length > 0, admin: toAdminSummary(row ?? found) };
  });
}

/**
 * Takes admin away from `targetId`. Never one's own, never the last admin: with the admins
 * locked, two admins revoking each other at once cannot both succeed.
 */
export async function revokeAdminRole(deps: RoleDeps, actor: Actor, targetId: string): Promise<AdminSummary> {
  if (!isUuid(targetId)) throw adminNotFound();
  if (targetId === actor.id) throw cannotRevokeSelf();
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, targetId);
    if (!admins.has(targetId)) throw adminNotFound();
    if (admins.size === 1) throw lastAdmin();
    if (!admins.has(actor.id)) throw noLongerAdmin();
    await decideAndAppend(deps, tx, targetId, await loadUser(deps, tx, targetId), { type: 'RevokeAdmin', by: actor.id, at: deps.clock() }, actor);
    const row = await findUserById(tx, targetId);
    if (!row) throw adminNotFound();
    return toAdminSummary(row);
  });
}
