import { listingContactAggregate } from '../../events/listing-contact/listing-contact.decider.ts';
import { listingContactsStreamId } from '../../events/listing-contact/listing-contact.events.ts';
import { commandTarget } from '../commands/run-command.ts';

/** Renters' contacts with hosts as the command runner runs them. */
export const listingContactCommands = commandTarget(listingContactAggregate, { streamId: listingContactsStreamId });
