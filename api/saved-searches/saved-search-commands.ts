import { savedSearchAggregate } from '../../events/saved-search/saved-search.decider.ts';
import { savedSearchStreamId } from '../../events/saved-search/saved-search.events.ts';
import { commandTarget } from '../commands/run-command.ts';

/** Saved searches as the command runner runs them. */
export const savedSearchCommands = commandTarget(savedSearchAggregate, { streamId: savedSearchStreamId });
