import { reviewAggregate } from '../../events/review/review.decider.ts';
import { reviewStreamId } from '../../events/review/review.events.ts';
import { commandTarget } from '../commands/run-command.ts';
import { nameBasedId } from '../middleware/idempotency.ts';

/** Reviews as the command runner runs them. */
export const reviewCommands = commandTarget(reviewAggregate, { streamId: reviewStreamId });

/** A renter's one review of a listing: the same id however often they try. */
export const reviewIdOf = (listingId: string, renterId: string) => nameBasedId('review', `${listingId}\n${renterId}`);
