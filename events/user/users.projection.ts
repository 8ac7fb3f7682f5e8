import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { USER_EVENT_TYPES, userEventTypes } from './user.events.ts';

const decode = createEventDecoder(userEventTypes);
export const userIdOfStream = (streamId: string) => streamId.replace(/^user-/, '');

/** Sets columns on the user's row unless the row already holds this event (its version is at or past it). */
async function update(tx: SqlClient, userId: string, version: number, set: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(set);
  const assignments = columns.map((column, i) => `${column} = $${i + 3}`);
  await tx.query(`update users set ${[...assignments, 'version = $2'].join(', ')} where id = $1 and version < $2`, [
    userId,
    version,
    ...columns.map((c) => set[c]),
  ]);
}

/**
 * The users read model: every user event moves the row's version to the
 * stream's, so `version` is the stream version a writer may expect.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  handles: USER_EVENT_TYPES,
  async apply(tx, events) {
    for (const recorded of events) {
      const event = decode(recorded);
      const userId = userIdOfStream(recorded.streamId);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await tx.query(
            `insert into users (id, email, phone, first_name, last_name, business_name, user_type, created_at, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
            [d.userId, d.email, d.phone, d.firstName, d.lastName, d.businessName, d.userType, d.registeredAt, version],
          );
          break;
        }
        case 'ProfileChanged': {
          const d = event.data;
          await update(tx, userId, version, {
            first_name: d.firstName,
            last_name: d.lastName,
            business_name: d.businessName,
            license_number: d.licenseNumber,
            user_type: d.userType,
          });
          break;
        }
        case 'EmailChangeRequested':
          await update(tx, userId, version, { pending_email: event.data.email });
          break;
        case 'PhoneChangeRequested':
          await update(tx, userId, version, { pending_phone: event.data.phone });
          break;
        case 'EmailChanged':
          await update(tx, userId, version, { email: event.data.email, email_verified: false, pending_email: null });
          break;
        case 'PhoneChanged':
          await update(tx, userId, version, { phone: event.data.phone, phone_verified: false, pending_phone: null });
          break;
        case 'EmailVerified':
          await tx.query(
            `update users set email_verified = (email = $3) or email_verified, version = $2 where id = $1 and version < $2`,
            [userId, version, event.data.email],
          );
          break;
        case 'PhoneVerified':
          await tx.query(
            `update users set phone_verified = (phone = $3) or phone_verified, version = $2 where id = $1 and version < $2`,
            [userId, version, event.data.phone],
          );
          break;
        case 'AdminGranted':
          await update(tx, userId, version, { is_admin: true });
          break;
        case 'AdminRevoked':
          await update(tx, userId, version, { is_admin: false });
          break;
        case 'AccountSuspended':
          await update(tx, userId, version, {
            suspended_at: event.data.suspendedAt,
            suspension_reason: event.data.reason,
          });
          break;
        case 'AccountSuspensionLifted':
          await update(tx, userId, version, { suspended_at: null, suspension_reason: null });
          break;
        case 'PasswordChanged':
        case 'PasswordResetRequested':
        case 'PasswordResetCompleted':
        case 'PasswordSetByOperator':
          await update(tx, userId, version, {});
          break;
        default: {
          const unknown: never = event;
          throw new Error(`users projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
