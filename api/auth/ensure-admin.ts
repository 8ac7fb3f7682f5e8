import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app-deps.ts';
import { DomainError } from '../../events/store/errors.ts';
import { ADMIN_ROLE_ERRORS, type RoleChanger } from '../../events/user/admin-role.decider.ts';
import { runCommand, systemOrigin } from '../commands/run-command.ts';
import { normalizeEmail } from '../contract/auth.schema.ts';
import { accountCommands, adminRoleCommands } from './account-commands.ts';
import { createSessions } from './sessions.ts';
import { findUserByIdentifier } from './users.read.ts';

export const SYSTEM_ACTOR = 'system';

type AdminDeps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

export type GrantOutcome = 'granted' | 'no_account' | 'unverified';

const operator = (name: string): RoleChanger => ({ kind: 'operator', name });
const refusedAs = (error: unknown, refusal: () => DomainError) =>
  error instanceof DomainError && error.code === refusal().code;

/**
 * Grants admin to an existing account (npm run admin -- grant EMAIL). Only to
 * an account whose e-mail is verified: anyone can register an address they do
 * not hold, and must not become an admin by it (the admin role decider's rule).
 */
export async function grantAdmin(deps: AdminDeps, email: string, by = SYSTEM_ACTOR): Promise<GrantOutcome> {
  const address = normalizeEmail(email);
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: address });
  if (!row) return 'no_account';
  try {
    await runCommand(deps.store, systemOrigin(by), adminRoleCommands, row.id, {
      type: 'GrantAdmin',
      email: address,
      by: operator(by),
      at: deps.clock(),
    });
  } catch (error) {
    if (refusedAs(error, ADMIN_ROLE_ERRORS.unverified)) return 'unverified';
    if (refusedAs(error, ADMIN_ROLE_ERRORS.noSuchAccount)) return 'no_account';
    throw error;
  }
  return 'granted';
}

export async function revokeAdmin(deps: AdminDeps, email: string, by = SYSTEM_ACTOR): Promise<boolean> {
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: normalizeEmail(email) });
  if (!row) return false;
  await runCommand(deps.store, systemOrigin(by), adminRoleCommands, row.id, {
    type: 'RevokeAdmin',
    userId: row.id,
    by: operator(by),
    at: deps.clock(),
  });
  return true;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start-up: the account exists and is an admin.
 * - None yet: it is made with ADMIN_PASSWORD and a verified e-mail.
 * - One whose e-mail is verified: whoever verified it holds the address, the
 *   operator; it keeps its own password (a restart does not undo a change made in the panel).
 * - One whose e-mail nobody verified (anyone could have registered it first):
 *   the operator, who owns the address, takes it over: ADMIN_PASSWORD, the
 *   e-mail verified, any phone removed, any pending e-mail change dropped, every
 *   session and every code sent ended; each change of the account an event.
 */
export async function ensureAdmin(
  deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'passwords'>,
  admin: { email: string; password: string },
): Promise<'created' | 'granted' | 'claimed' | 'unchanged'> {
  const email = normalizeEmail(admin.email);
  const system = systemOrigin(SYSTEM_ACTOR);
  const grant = (userId: string, at: Date) =>
    runCommand(deps.store, system, adminRoleCommands, userId, {
      type: 'GrantAdmin',
      email,
      by: operator(SYSTEM_ACTOR),
      at,
    });
  const existing = await findUserByIdentifier(deps.db, { kind: 'email', value: email });
  if (existing && !existing.email_verified) {
    const passwordHash = await deps.passwords.hash(admin.password);
    await runCommand(deps.store, system, accountCommands, existing.id, {
      type: 'ClaimForOperator',
      email,
      passwordHash,
      by: SYSTEM_ACTOR,
      at: deps.clock(),
    });
    await createSessions(deps.db, deps.clock).destroyAllOf(existing.id);
    // The squatter's codes (to an address of theirs) die with the pending change they were for.
    await deps.db.query('delete from verification_codes where user_id = $1', [existing.id]);
    await grant(existing.id, deps.clock());
    return 'claimed';
  }
  if (existing) {
    if (existing.is_admin) return 'unchanged';
    await grantAdmin(deps, email);
    return 'granted';
  }
  const userId = randomUUID();
  const at = deps.clock();
  await runCommand(deps.store, system, accountCommands, userId, {
    type: 'RegisterUser',
    userId,
    email,
    phone: null,
    firstName: 'Efie',
    lastName: 'Admin',
    userType: 'both',
    businessName: null,
    passwordHash: await deps.passwords.hash(admin.password),
    at,
  });
  await runCommand(deps.store, system, accountCommands, userId, { type: 'VerifyEmail', email, at });
  await grant(userId, at);
  return 'created';
}
