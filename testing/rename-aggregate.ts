import * as v from 'valibot';
import type { Decider } from '../events/store/decider.ts';
import { DomainError } from '../events/store/errors.ts';
import { defineEvent, type DomainEvent } from '../events/store/event-type.ts';

/**
 * The smallest aggregate the command machinery can run: one event, one command, one rule
 * (renaming to the name it already has is refused as `same_name`). The event store's command
 * handler and the API's command runner are tested with it, not with a real aggregate's rules.
 */
const Renamed = defineEvent('AccountRenamed', v.object({ name: v.string() }));
const types = [Renamed] as const;
export type RenameCommand = { type: 'Rename'; name: string };
export type RenameState = { name: string | null };

const decider: Decider<RenameCommand, DomainEvent<(typeof types)[number]>, RenameState> = {
  initialState: () => ({ name: null }),
  decide: (command, state) => {
    if (command.name === state.name) throw new DomainError('conflict', 'same_name', 'That is already the name.');
    return [{ type: 'AccountRenamed', data: { name: command.name } }];
  },
  evolve: (_state, event) => ({ name: event.data.name }),
};

export const renameAggregate = { eventTypes: types, decider };
