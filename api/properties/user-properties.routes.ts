import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import type { AppEnv } from '../http/app-env.ts';
import { listOwnProperties, toProperty } from './properties.read.ts';

/** GET /api/user/properties: the host's own listings in any status (the dashboard's badges come from isVerified and isActive). */
export function userPropertiesRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/properties', requireUser, async (c) => {
    const rows = await listOwnProperties(db, c.var.user!.id);
    return c.json(rows.map((r) => toProperty(r, c.var.user)));
  });
}
