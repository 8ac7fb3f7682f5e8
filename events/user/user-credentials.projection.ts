import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import { userEventTypes, type UserEvent } from './user.events.ts';
import { userIdOfStream } from './users.projection.ts';

const decode = createEventDecoder(userEventTypes);

/**
 * Whether each user event sets the password. Every event type is listed: a new one
 * must be added here (true or false), or this does not type-check.
 */
const SETS_PASSWORD = {
  UserRegistered: true,
  PasswordChanged: true,
  PasswordResetCompleted: true,
  PasswordSetByOperator: true,
  ProfileChanged: false,
  EmailChangeRequested: false,
  PhoneChangeRequested: false,
  EmailChanged: false,
  PhoneChanged: false,
  EmailVerified: false,
  PhoneVerified: false,
  PasswordResetRequested: false,
  AdminGranted: false,
  AdminRevoked: false,
  AccountSuspended: false,
  AccountSuspensionLifted: false,
} as const satisfies Record<UserEvent['type'], boolean>;

type PasswordEventType = {
  [T in keyof typeof SETS_PASSWORD]: (typeof SETS_PASSWORD)[T] extends true ? T : never;
}[keyof typeof SETS_PASSWORD];
/** An event that carries a password hash (one marked true that has none does not type-check where it is read). */
type PasswordEvent = Extract<UserEvent, { type: PasswordEventType }>;

const setsPassword = (event: UserEvent): event is PasswordEvent => SETS_PASSWORD[event.type];

/** The events that carry a password hash: the ones this projection reads. */
const PASSWORD_EVENTS = (Object.keys(SETS_PASSWORD) as UserEvent['type'][]).filter((type) => SETS_PASSWORD[type]);

/** Password hashes, kept apart from the users table that the API serialises. */
export const userCredentialsProjection: Projection = {
  name: 'user-credentials',
  tables: ['user_credentials'],
  handles: PASSWORD_EVENTS,
  async apply(tx, events) {
    for (const recorded of events) {
      const event = decode(recorded);
      if (!setsPassword(event)) continue;
      await tx.query(
        `insert into user_credentials (user_id, password_hash, version) values ($1, $2, $3)
         on conflict (user_id) do update set password_hash = excluded.password_hash, version = excluded.version
         where user_credentials.version < excluded.version`,
        [userIdOfStream(recorded.streamId), event.data.passwordHash, recorded.streamVersion],
      );
    }
  },
};
