import { supportMessageAggregate } from '../../events/support-message/support-message.decider.ts';
import { supportMessageStreamId } from '../../events/support-message/support-message.events.ts';
import { commandTarget } from '../commands/run-command.ts';

/** Support and contact messages as the command runner runs them. */
export const supportMessageCommands = commandTarget(supportMessageAggregate, { streamId: supportMessageStreamId });
