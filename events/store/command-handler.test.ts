import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { useMigratedDatabase } from '../../api/testing/use-test-database.ts';
import { handleCommand } from './command-handler.ts';
import type { Decider } from './decider.ts';
import { DomainError } from './errors.ts';
import { createEventStore } from './event-store.ts';
import { defineEvent, type DomainEvent } from './event-type.ts';

const database = useMigratedDatabase();

const Renamed = defineEvent('AccountRenamed', v.object({ name: v.string() }));
const types = [Renamed] as const;
type Command = { type: 'Rename'; name: string };
const decider: Decider<Command, DomainEvent<(typeof types)[number]>, { name: string | null }> = {
  initialState: () => ({ name: null }),
  decide: (command, state) => {
    if (command.name === state.name) throw new DomainError('conflict', 'same_name', 'That is already the name.');
    return [{ type: 'AccountRenamed', data: { name: command.name } }];
  },
  evolve: (_state, event) => ({ name: event.data.name }),
};
const account = { eventTypes: types, decider };

describe('handleCommand', () => {
  it("folds only its own event types on a stream another decider also writes, and appends after all of them", async () => {
    const store = createEventStore(database());
    await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama' });
    await store.append('user-1', 1, [{ type: 'FavoriteAdded', data: { propertyId: 'p-1' } }]);
    const result = await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama Mensah' });
    expect(result.nextVersion).toBe(3);
    expect(result.state).toEqual({ name: 'Ama Mensah' });
    await expect(handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama Mensah' })).rejects.toMatchObject({ code: 'same_name' });
  });

  it('refuses a caller-given stale expectedVersion with a conflict', async () => {
    const store = createEventStore(database());
    await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Ama' });
    await handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Kofi' });
    await expect(handleCommand(store, account, 'user-1', { type: 'Rename', name: 'Yaw' }, { expectedVersion: 1 })).rejects.toMatchObject({
      code: 'version_conflict',
    });
    expect(await store.streamVersion('user-1')).toBe(2);
  });
});
