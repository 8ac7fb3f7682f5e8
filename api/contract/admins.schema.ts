import * as v from 'valibot';
import { EmailSchema } from './auth.schema.ts';

// The admin panel's Admin Management tab (admins only). The PWA imports this file through
// pwa/features/admin/admins-contract.ts: no node:*, no server code here.

/** POST /api/admin/admins: grants admin to an existing account whose e-mail is verified. */
export const GrantAdminSchema = v.object({ email: EmailSchema });
export type GrantAdminBody = v.InferInput<typeof GrantAdminSchema>;

/** An admin as the list shows one. */
export type AdminSummary = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
};

/** GET /api/admin/admins: every admin, by name. */
export type AdminListAnswer = { admins: AdminSummary[] };

/** POST /api/admin/admins: 201 when granted now, 200 when the account was an admin already. */
export type GrantAdminAnswer = { message: string; admin: AdminSummary; granted: boolean };

/** DELETE /api/admin/admins/{userId}. */
export type RevokeAdminAnswer = { message: string };

/** The refusals the tab tells apart (codes of the contract's error body). */
export const ADMIN_ERRORS = {
  userNotFound: 'user_not_found',
  emailNotVerified: 'email_not_verified',
  adminNotFound: 'admin_not_found',
  cannotRevokeSelf: 'cannot_revoke_self',
  lastAdmin: 'last_admin',
} as const;
