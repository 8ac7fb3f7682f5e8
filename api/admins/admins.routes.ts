import { Hono } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin } from '../auth/session.middleware.ts';
import { GrantAdminSchema, type AdminListAnswer, type GrantAdminAnswer, type RevokeAdminAnswer } from '../contract/admins.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { grantAdminRole, listAdmins, revokeAdminRole, type Actor } from './admin-roles.ts';

const nameOf = (admin: { firstName: string | null; lastName: string | null; email: string | null }) =>
  `${admin.firstName ?? ''} ${admin.lastName ?? ''}`.trim() || admin.email || 'This account';

/** The admin panel's Admin Management tab (docs/decisions/090). Every route is admins only: 401 signed out, 403 others. */
export function adminsRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  return new Hono<AppEnv>()
    .use('/admins', requireAdmin)
    .use('/admins/*', requireAdmin)
    .get('/admins', async (c) => c.json({ admins: await listAdmins(deps.db) } satisfies AdminListAnswer))
    .post('/admins', validate('json', GrantAdminSchema), async (c) => {
      const { granted, admin } = await grantAdminRole(deps, actorOf(c), c.req.valid('json').email);
      const message = granted ? `${nameOf(admin)} is now an admin.` : `${nameOf(admin)} is already an admin.`;
      return c.json({ message, admin, granted } satisfies GrantAdminAnswer, granted ? 201 : 200);
    })
    .delete('/admins/:userId', async (c) => {
      const admin = await revokeAdminRole(deps, actorOf(c), c.req.param('userId'));
      return c.json({ message: `${nameOf(admin)} is no longer an admin.` } satisfies RevokeAdminAnswer);
    });
}

function actorOf(c: Parameters<typeof currentUser>[0]): Actor {
  return { id: currentUser(c).id, requestId: c.var.requestId, idempotency: c.var.idempotency };
}
