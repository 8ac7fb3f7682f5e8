import type { SqlClient } from '../../events/store/sql.ts';
import { licenseRejectionSql, licenseStatusSql } from '../agent-licenses/agent-licenses.read.ts';
import type { LicenseStatus } from '../contract/agent-licenses.schema.ts';
import type { User, UserType } from '../contract/auth.schema.ts';

/** A row of the users read model (migrations/0100_users.sql). */
export type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  license_number: string | null;
  profile_image_url: string | null;
  user_type: string;
  is_admin: boolean;
  email_verified: boolean;
  phone_verified: boolean;
  pending_email: string | null;
  pending_phone: string | null;
  created_at: Date;
  version: number;
  license_status: LicenseStatus;
  license_rejection: string | null;
  /** When an admin suspended the account (docs/decisions/345): it cannot sign in. Never sent to the client. */
  suspended_at: Date | null;
};

export const USER_COLUMNS = `users.id, users.email, users.phone, users.first_name, users.last_name, users.business_name,
  users.license_number, users.profile_image_url, users.user_type, users.is_admin, users.email_verified,
  users.phone_verified, users.pending_email, users.pending_phone, users.created_at, users.version, users.suspended_at,
  ${licenseStatusSql('users')} as license_status, ${licenseRejectionSql('users')} as license_rejection`;

/** The contract's User: only these fields ever leave the server. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  profileImageUrl: row.profile_image_url,
  businessName: row.business_name,
  licenseNumber: row.license_number,
  licenseStatus: row.license_status,
  licenseRejectionReason: row.license_rejection,
  userType: row.user_type as UserType,
  emailVerified: row.email_verified,
  phoneVerified: row.phone_verified,
  isVerified: row.email_verified || row.phone_verified,
  isAdmin: row.is_admin,
  pendingEmail: row.pending_email,
  pendingPhone: row.pending_phone,
  createdAt: new Date(row.created_at).toISOString(),
});

export type Identifier = { kind: 'email' | 'phone'; value: string };

export async function findUserById(db: SqlClient, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0];
}

/** By e-mail (stored lower-case) or normalised phone; callers pass values through the contract's schemas first. */
export async function findUserByIdentifier(db: SqlClient, identifier: Identifier): Promise<UserRow | undefined> {
  const column = identifier.kind === 'email' ? 'email' : 'phone';
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where ${column} = $1`, [identifier.value]);
  return rows[0];
}

export async function passwordHashOf(db: SqlClient, userId: string): Promise<string | undefined> {
  const rows = await db.query<{ password_hash: string }>(
    'select password_hash from user_credentials where user_id = $1',
    [userId],
  );
  return rows[0]?.password_hash;
}
