import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { requestOrigin } from '../commands/run-command.ts';
import {
  GrantAdminSchema,
  type AdminListAnswer,
  type GrantAdminAnswer,
  type RevokeAdminAnswer,
} from '../contract/admins.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { grantAdminRole, listAdmins, revokeAdminRole } from './admin-roles.ts';

const nameOf = (admin: { firstName: string | null; lastName: string | null; email: string | null }) =>
  `${admin.firstName ?? ''} ${admin.lastName ?? ''}`.trim() || admin.email || 'This account';

/** The admin panel's Admin Management tab (docs/decisions/090). Every route is admins only: 401 signed out, 403 others. */
export function adminsRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  return new Hono<AppEnv>()
    .use('/admins', requireAdmin)
    .use('/admins/*', requireAdmin)
    .get('/admins', async (c) => c.json({ admins: await listAdmins(deps.db) } satisfies AdminListAnswer))
    .post('/admins', validate('json', GrantAdminSchema), async (c) => {
      const { granted, admin } = await grantAdminRole(deps, requestOrigin(c.var), c.req.valid('json').email);
      const message = granted ? `${nameOf(admin)} is now an admin.` : `${nameOf(admin)} is already an admin.`;
      return c.json({ message, admin, granted } satisfies GrantAdminAnswer, granted ? 201 : 200);
    })
    .delete('/admins/:userId', async (c) => {
      const admin = await revokeAdminRole(deps, requestOrigin(c.var), c.req.param('userId'));
      return c.json({ message: `${nameOf(admin)} is no longer an admin.` } satisfies RevokeAdminAnswer);
    });
}
