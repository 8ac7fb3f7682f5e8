// The Admin Management tab's door to its schema and types, apart from lib/contract.ts:
// everything under pwa/lib joins the first-load bundle with what it imports (vite.config.ts),
// and only the admin panel needs these.

export {
  ADMIN_ERRORS,
  GrantAdminSchema,
  type AdminListAnswer,
  type AdminSummary,
  type GrantAdminAnswer,
  type GrantAdminBody,
  type RevokeAdminAnswer,
} from '../../../api/contract/admins.schema.ts';
