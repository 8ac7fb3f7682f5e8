import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import { userEventTypes } from './user.events.ts';
import { userIdOfStream } from './users.projection.ts';

const decode = createEventDecoder(userEventTypes);

/** Password hashes, kept apart from the users table that the API serialises. */
export const userCredentialsProjection: Projection = {
  name: 'user-credentials',
  tables: ['user_credentials'],
  handles: ['UserRegistered', 'PasswordChanged', 'PasswordResetCompleted', 'PasswordSetByOperator'],
  async apply(tx, events) {
    for (const recorded of events) {
      const event = decode(recorded);
      if (
        event.type !== 'UserRegistered' &&
        event.type !== 'PasswordChanged' &&
        event.type !== 'PasswordResetCompleted' &&
        event.type !== 'PasswordSetByOperator'
      ) {
        continue;
      }
      await tx.query(
        `insert into user_credentials (user_id, password_hash, version) values ($1, $2, $3)
         on conflict (user_id) do update set password_hash = excluded.password_hash, version = excluded.version
         where user_credentials.version < excluded.version`,
        [userIdOfStream(recorded.streamId), event.data.passwordHash, recorded.streamVersion],
      );
    }
  },
};
