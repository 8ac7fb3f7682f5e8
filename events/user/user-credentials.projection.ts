import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import { userEventTypes, type UserEvent } from './user.events.ts';
import { userIdOfStream } from './users.projection.ts';

const decode = createEventDecoder(userEventTypes);

/** The events that carry a password hash: the ones this projection reads. */
const PASSWORD_EVENTS = ['UserRegistered', 'PasswordChanged', 'PasswordResetCompleted', 'PasswordSetByOperator'] as const satisfies readonly UserEvent['type'][];

/** The password hash an event sets, or null when it leaves the password as it is. */
function passwordHashOf(event: UserEvent): string | null {
  switch (event.type) {
    case 'UserRegistered':
    case 'PasswordChanged':
    case 'PasswordResetCompleted':
    case 'PasswordSetByOperator':
      return event.data.passwordHash;
    case 'ProfileChanged':
    case 'EmailChangeRequested':
    case 'PhoneChangeRequested':
    case 'EmailChanged':
    case 'PhoneChanged':
    case 'EmailVerified':
    case 'PhoneVerified':
    case 'PasswordResetRequested':
    case 'AdminGranted':
    case 'AdminRevoked':
      return null;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Password hashes, kept apart from the users table that the API serialises. */
export const userCredentialsProjection: Projection = {
  name: 'user-credentials',
  tables: ['user_credentials'],
  handles: PASSWORD_EVENTS,
  async apply(tx, events) {
    for (const recorded of events) {
      const passwordHash = passwordHashOf(decode(recorded));
      if (passwordHash === null) continue;
      await tx.query(
        `insert into user_credentials (user_id, password_hash, version) values ($1, $2, $3)
         on conflict (user_id) do update set password_hash = excluded.password_hash, version = excluded.version
         where user_credentials.version < excluded.version`,
        [userIdOfStream(recorded.streamId), passwordHash, recorded.streamVersion],
      );
    }
  },
};
