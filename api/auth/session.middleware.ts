import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/store/errors.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { User } from '../contract/auth.schema.ts';
import { NOT_SIGNED_IN } from '../contract/error.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { SESSION_HINT_COOKIE } from '../contract/session-hint.ts';
import { createSessions, SESSION_COOKIE, setSessionHint } from './sessions.ts';
import { toUser } from './users.read.ts';
import { requestCookie } from '../http/node-exchange.ts';

/** The signed-in person as every route sees it (c.var.user): the contract's User. */
export type CurrentUser = User;

/** App-wide: resolves the session cookie to c.var.user (null when absent, unknown, expired or signed out). */
export const sessionMiddleware = (deps: { db: SqlClient; clock: () => Date; config: { secureCookies: boolean } }) => {
  const sessions = createSessions(deps.db, deps.clock);
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = requestCookie(c, SESSION_COOKIE);
    const row = token ? await sessions.resolve(token) : undefined;
    c.set('user', row ? toUser(row) : null);
    c.set('sessionToken', row ? token : undefined);
    await next();
    // A session begun before the hint existed gets it with its next answer, so the app keeps asking.
    if (row && !requestCookie(c, SESSION_HINT_COOKIE) && !c.res.headers.getSetCookie().length)
      setSessionHint(c, deps.config.secureCookies);
  });
};

export const notSignedIn = () => new DomainError('unauthorized', NOT_SIGNED_IN.code, NOT_SIGNED_IN.error);

/** 401 unless someone is signed in. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw notSignedIn();
  await next();
});

/** 401 when signed out, 403 for a signed-in person who is not an admin. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw notSignedIn();
  if (!c.var.user.isAdmin) throw new DomainError('forbidden', 'forbidden', 'Admins only');
  await next();
});

/** The signed-in user inside a handler behind requireUser / requireAdmin. */
export function currentUser(c: Context<AppEnv>): CurrentUser {
  const user = c.var.user;
  if (!user) throw notSignedIn();
  return user;
}
