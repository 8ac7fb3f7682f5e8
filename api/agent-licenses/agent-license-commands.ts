import { agentLicenseAggregate } from '../../events/agent-license/agent-license.decider.ts';
import { agentLicenseStreamId } from '../../events/agent-license/agent-license.events.ts';
import { commandTarget } from '../commands/run-command.ts';

/** Agents' licence checks as the command runner runs them. */
export const agentLicenseCommands = commandTarget(agentLicenseAggregate, { streamId: agentLicenseStreamId });
