import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { changePassword } from '../auth/change-password.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { AdminChangePasswordSchema } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';

/** The admin panel's Settings tab: POST /api/admin/change-password (admins only, enforced here). */
export const adminAccountRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>().post('/change-password', requireAdmin, validate('json', AdminChangePasswordSchema), async (c) => {
    await changePassword(deps, c, c.req.valid('json'));
    return c.json({ message: 'Password changed successfully' });
  });
