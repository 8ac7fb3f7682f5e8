import { listingReportAggregate } from '../../events/listing-report/listing-report.decider.ts';
import { listingReportsStreamId } from '../../events/listing-report/listing-report.events.ts';
import { commandTarget } from '../commands/run-command.ts';

/** Reports about listings as the command runner runs them. */
export const listingReportCommands = commandTarget(listingReportAggregate, { streamId: listingReportsStreamId });
