import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { SqlClient } from '../../events/store/sql.ts';
import { SESSION_HINT_COOKIE, SESSION_HINT_VALUE } from '../contract/session-hint.ts';
import type { AppEnv } from '../http/app-env.ts';
import { randomToken, sha256 } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.read.ts';

export const SESSION_COOKIE = 'efie_session';
export const SESSION_DAYS = 30;
const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

/**
 * Server-side sessions: the cookie holds a random 256-bit token and the table
 * only its SHA-256, so a leaked table opens no account; signing out deletes the row.
 * A suspended account's session resolves to nobody (its rows are deleted with the suspension too).
 */
export function createSessions(db: SqlClient, clock: () => Date) {
  return {
    async create(userId: string): Promise<string> {
      const token = randomToken();
      const now = clock();
      await db.query('delete from sessions where user_id = $1 and expires_at <= $2', [userId, now]);
      await db.query('insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [
        sha256(token),
        userId,
        now,
        new Date(now.getTime() + SESSION_SECONDS * 1000),
      ]);
      return token;
    },
    async resolve(token: string): Promise<UserRow | undefined> {
      const rows = await db.query<UserRow>(
        `select ${USER_COLUMNS} from sessions join users on users.id = sessions.user_id
         where sessions.token_hash = $1 and sessions.expires_at > $2 and users.suspended_at is null`,
        [sha256(token), clock()],
      );
      return rows[0];
    },
    async destroy(token: string): Promise<void> {
      await db.query('delete from sessions where token_hash = $1', [sha256(token)]);
    },
    /** Signs the account out everywhere, except (when given) the session making the change. */
    async destroyAllOf(userId: string, keepToken?: string): Promise<void> {
      await db.query('delete from sessions where user_id = $1 and token_hash <> $2', [
        userId,
        keepToken ? sha256(keepToken) : '',
      ]);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

/** The account's sign-in changed (an address, the password): only the session that asked stays signed in. */
export async function endOtherSessions(
  deps: { db: SqlClient; clock: () => Date },
  c: Context<AppEnv>,
  userId: string,
): Promise<void> {
  await createSessions(deps.db, deps.clock).destroyAllOf(userId, c.var.sessionToken);
}

export function setSessionCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_SECONDS, secure });
  setSessionHint(c, secure);
}

/** The session cookie's readable companion (api/contract/session-hint.ts): "a session may exist", nothing more. */
export function setSessionHint(c: Context, secure: boolean): void {
  setCookie(c, SESSION_HINT_COOKIE, SESSION_HINT_VALUE, {
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_SECONDS,
    secure,
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure, sameSite: 'Lax' });
}
