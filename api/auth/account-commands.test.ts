import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEventStore } from '../../events/store/event-store.ts';
import { createProjectionSet } from '../../events/store/projections.ts';
import { readModels } from '../../events/read-models.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { accountCommands } from './account-commands.ts';

const database = useMigratedDatabase();

const registration = (userId: string, email: string | null, phone: string | null) => ({
  type: 'RegisterUser' as const,
  userId,
  email,
  phone,
  firstName: 'Ama',
  lastName: 'Mensah',
  userType: 'renter' as const,
  businessName: null,
  passwordHash: 'scrypt$hash',
  at: new Date(),
});

describe('account commands', () => {
  it("refuse a registration that got past the route's check by the users read model's unique indexes, found by their names", async () => {
    const db = database();
    const projections = createProjectionSet(readModels);
    const store = createEventStore(db, { project: projections.applyInline, projectsAny: projections.handlesAny });
    const origin = requestOrigin({ user: null, requestId: 'r-1' });
    await runCommand(
      store,
      origin,
      accountCommands,
      randomUUID(),
      registration(randomUUID(), 'ama@example.com', '+233241234567'),
    );
    // What the loser of a race does: its lookup ran before the winner's append committed.
    const second = randomUUID();
    await expect(
      runCommand(store, origin, accountCommands, second, registration(second, 'ama@example.com', null)),
    ).rejects.toMatchObject({
      code: 'email_taken',
      details: { issues: [{ path: 'email' }] },
    });
    await expect(
      runCommand(store, origin, accountCommands, second, registration(second, 'kofi@example.com', '+233241234567')),
    ).rejects.toMatchObject({
      code: 'phone_taken',
      details: { issues: [{ path: 'phone' }] },
    });
    expect(await store.streamVersion(`user-${second}`)).toBe(0);
  });
});
