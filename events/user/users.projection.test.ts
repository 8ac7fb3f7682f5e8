import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore, type RecordedEvent } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import { userCredentialsProjection } from './user-credentials.projection.ts';
import type { UserEvent } from './user.events.ts';
import { userStreamId } from './user.events.ts';
import { usersProjection } from './users.projection.ts';

const database = useMigratedDatabase();
const id = '6f1c1a52-61b4-4b47-9a31-0f0c0d7f6a11';
const t = '2026-11-22T10:00:00.000Z';

const history: UserEvent[] = [
  {
    type: 'UserRegistered',
    data: {
      userId: id,
      email: 'ama@example.com',
      phone: null,
      firstName: 'Ama',
      lastName: 'Mensah',
      userType: 'agent',
      businessName: 'Ama Homes',
      passwordHash: 'h1',
      registeredAt: t,
    },
  },
  { type: 'EmailVerified', data: { email: 'ama@example.com', verifiedAt: t } },
  {
    type: 'ProfileChanged',
    data: {
      firstName: 'Ama',
      lastName: 'Owusu',
      businessName: 'Ama Homes',
      licenseNumber: 'GH-42',
      userType: 'agent',
      changedAt: t,
    },
  },
  { type: 'PhoneChanged', data: { phone: '+233241234567', changedAt: t } },
  { type: 'PasswordChanged', data: { passwordHash: 'h2', changedAt: t } },
  { type: 'AdminGranted', data: { grantedAt: t, grantedBy: 'cli' } },
  { type: 'EmailChanged', data: { email: 'ama.owusu@example.com', changedAt: t } },
];

const rows = async () => ({
  users: await database().query('select * from users order by id'),
  credentials: await database().query('select * from user_credentials order by user_id'),
});

describe('users and user-credentials projections', () => {
  it('given the events, holds the current profile, flags and password hash at the stream version', async () => {
    const projections = createProjectionSet([usersProjection, userCredentialsProjection]);
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(userStreamId(id), 'no_stream', history);
    const { users, credentials } = await rows();
    expect(users).toEqual([
      expect.objectContaining({
        id,
        email: 'ama.owusu@example.com',
        phone: '+233241234567',
        first_name: 'Ama',
        last_name: 'Owusu',
        business_name: 'Ama Homes',
        license_number: 'GH-42',
        user_type: 'agent',
        is_admin: true,
        email_verified: false,
        phone_verified: false,
        version: 7,
      }),
    ]);
    expect(credentials).toEqual([{ user_id: id, password_hash: 'h2', version: 5 }]);
  });

  it('given a suspension, holds when and why; given its lifting, holds neither', async () => {
    const projections = createProjectionSet([usersProjection, userCredentialsProjection]);
    const store = createEventStore(database(), { project: projections.applyInline });
    const suspendedAt = '2026-11-29T08:00:00.000Z';
    await store.append(userStreamId(id), 'no_stream', [
      ...history,
      {
        type: 'AccountSuspended',
        data: { reason: 'Viewing fees', listingId: null, suspendedAt, suspendedBy: 'a1' },
      },
    ]);
    const suspension = async () =>
      (await database().query('select suspended_at, suspension_reason, version from users'))[0];
    expect(await suspension()).toEqual({
      suspended_at: new Date(suspendedAt),
      suspension_reason: 'Viewing fees',
      version: 8,
    });
    await store.append(userStreamId(id), 8, [
      { type: 'AccountSuspensionLifted', data: { note: '', liftedAt: t, liftedBy: 'a1' } },
    ]);
    expect(await suspension()).toEqual({ suspended_at: null, suspension_reason: null, version: 9 });
  });

  it('leaves the same rows when events are applied twice, and after a rebuild', async () => {
    const projections = createProjectionSet([usersProjection, userCredentialsProjection]);
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(userStreamId(id), 'no_stream', history);
    const before = await rows();
    const recorded: RecordedEvent[] = await store.readStream(userStreamId(id));
    await database().transaction(async (tx) => {
      await usersProjection.apply(tx, recorded);
      await userCredentialsProjection.apply(tx, recorded);
      // An older event arriving again must not roll the row back.
      await usersProjection.apply(tx, recorded.slice(0, 2));
    });
    expect(await rows()).toEqual(before);
    // Rows lost and rows gone wrong: the rebuild must write them all again from the log.
    await database().query('delete from user_credentials');
    await database().query(`update users set first_name = 'corrupted', email_verified = not email_verified`);
    expect((await rows()).credentials).toEqual([]);
    await projections.rebuild(database());
    expect(await rows()).toEqual(before);
  });
});
