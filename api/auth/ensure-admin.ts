import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../app.ts';
import { normalizeEmail } from '../contract/auth.schema.ts';
import { runUserCommand } from './account-commands.ts';
import { findUserByIdentifier } from './users.read.ts';

export const SYSTEM_ACTOR = 'system';

/** Grants admin to an existing account (npm run admin -- grant EMAIL). False when there is no such account. */
export async function grantAdmin(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>, email: string, by = SYSTEM_ACTOR): Promise<boolean> {
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: normalizeEmail(email) });
  if (!row) return false;
  await runUserCommand(deps, undefined, row.id, { type: 'GrantAdmin', by, at: deps.clock() }, { actorId: by });
  return true;
}

export async function revokeAdmin(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>, email: string, by = SYSTEM_ACTOR): Promise<boolean> {
  const row = await findUserByIdentifier(deps.db, { kind: 'email', value: normalizeEmail(email) });
  if (!row) return false;
  await runUserCommand(deps, undefined, row.id, { type: 'RevokeAdmin', by, at: deps.clock() }, { actorId: by });
  return true;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start-up: the account exists and is an admin.
 * An existing account keeps its password (an admin who changed it in the panel
 * is not reset by a restart); a new one gets ADMIN_PASSWORD and a verified e-mail.
 */
export async function ensureAdmin(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'passwords'>, admin: { email: string; password: string }): Promise<'created' | 'granted' | 'unchanged'> {
  const email = normalizeEmail(admin.email);
  const existing = await findUserByIdentifier(deps.db, { kind: 'email', value: email });
  if (existing) {
    if (existing.is_admin) return 'unchanged';
    await grantAdmin(deps, email);
    return 'granted';
  }
  const userId = randomUUID();
  const at = deps.clock();
  const opts = { actorId: SYSTEM_ACTOR };
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
