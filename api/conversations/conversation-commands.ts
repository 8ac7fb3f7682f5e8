import { conversationAggregate } from '../../events/conversation/conversation.decider.ts';
import { conversationStreamId } from '../../events/conversation/conversation.events.ts';
import { commandTarget } from '../commands/run-command.ts';
import { nameBasedId } from '../middleware/idempotency.ts';

/** Conversations as the command runner runs them. */
export const conversationCommands = commandTarget(conversationAggregate, { streamId: conversationStreamId });

/**
 * A renter's one thread about a listing: the same id however often, wherever they start it (two
 * phones offline at once write into one thread, not two).
 */
export const conversationIdOf = (listingId: string, renterId: string) =>
  nameBasedId('conversation', `${listingId}\n${renterId}`);
