import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app-deps.ts';
import { normalizeEmail } from '../contract/auth.schema.ts';
import { runUserCommand } from './account-commands.ts';
import { createSessions } from './sessions.ts';
import { findUserByIdentifier } from './users.read.ts';

export const SYSTEM_ACTOR = 'system';

type AdminDeps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

export type GrantOutcome = 'granted' | 'no_account' | 'unverified';

/**
 * Grants admin to an existing account (npm run admin -- grant EMAIL). Only to
 * an account whose e-mail is verified: anyone can register an address they do
 * not hold, and must not become an admin by it.
 */
export async function grantAdmin(deps: AdminDeps, email: string, by = SYSTEM_ACTOR): Promise<GrantOutcome> {
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: normalizeEmail(email) });
  if (!row) return 'no_account';
  if (!row.email_verified) return 'unverified';
  await runUserCommand(deps, undefined, row.id, { type: 'GrantAdmin', by, at: deps.clock() }, { actorId: by });
  return 'granted';
}

export async function revokeAdmin(deps: AdminDeps, email: string, by = SYSTEM_ACTOR): Promise<boolean> {
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: normalizeEmail(email) });
  if (!row) return false;
  await runUserCommand(deps, undefined, row.id, { type: 'RevokeAdmin', by, at: deps.clock() }, { actorId: by });
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
  const opts = { actorId: SYSTEM_ACTOR };
  const existing = await findUserByIdentifier(deps.db, { kind: 'email', value: email });
  if (existing && !existing.email_verified) {
    const passwordHash = await deps.passwords.hash(admin.password);
    await runUserCommand(deps, undefined, existing.id, { type: 'ClaimForOperator', email, passwordHash, by: SYSTEM_ACTOR, at: deps.clock() }, opts);
    await createSessions(deps.db, deps.clock).destroyAllOf(existing.id);
    // The squatter's codes (to an address of theirs) die with the pending change they were for.
    await deps.db.query('delete from verification_codes where user_id = $1', [existing.id]);
    await runUserCommand(deps, undefined, existing.id, { type: 'GrantAdmin', by: SYSTEM_ACTOR, at: deps.clock() }, opts);
    return 'claimed';
  }
  if (existing) {
    if (existing.is_admin) return 'unchanged';
    await grantAdmin(deps, email);
    return 'granted';
  }
  const userId = randomUUID();
  const at = deps.clock();
  await runUserCommand(
    deps,
    undefined,
    userId,
    {
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
    },
    opts,
  );
  await runUserCommand(deps, undefined, userId, { type: 'VerifyEmail', email, at }, opts);
  await runUserCommand(deps, undefined, userId, { type: 'GrantAdmin', by: SYSTEM_ACTOR, at }, opts);
  return 'created';
}
