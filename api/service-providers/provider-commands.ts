import {
  PROVIDER_ERRORS,
  serviceProviderAggregate,
  type ServiceProviderEvent,
  type ServiceProviderState,
} from '../../events/service-provider/service-provider.decider.ts';
import { serviceProviderStreamId } from '../../events/service-provider/service-provider.events.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { AppDeps } from '../app-deps.ts';
import { commandTarget } from '../commands/run-command.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { sendLimits } from '../limits/send-limits.ts';
import type { NewMessage } from '../outbox/outbox.ts';

/**
 * Service providers as the command runner runs them. The read model's unique index allows one
 * pending application per account: a request that lost the race past the route's own check is
 * told so, not answered 500.
 */
export const providerCommands = commandTarget(serviceProviderAggregate, {
  streamId: serviceProviderStreamId,
  uniqueIndexes: { service_providers_one_pending: PROVIDER_ERRORS.pendingElsewhere },
});

/**
 * The runner's `alongside` hook that writes the messages a provider decision calls for to the
 * outbox in the append's own transaction: a decision is never stored without its message, nor
 * a message sent for a decision that rolled back, and a replayed Idempotency-Key enqueues
 * nothing. Each message counts against its address's limit on what Efie sends
 * (api/limits/send-limits.ts); past it, the decision stands and the message is held back:
 * `heldBack()` says how many were.
 */
export function decisionMessages(
  deps: Pick<AppDeps, 'outbox' | 'clock'>,
  messagesFor: (events: ServiceProviderEvent[], state: ServiceProviderState, tx: SqlClient) => Promise<NewMessage[]>,
) {
  const limiter = createRateLimiter(deps.clock);
  let heldBack = 0;
  return {
    heldBack: () => heldBack,
    async alongside(tx: SqlClient, events: ServiceProviderEvent[], state: ServiceProviderState) {
      heldBack = 0;
      for (const message of await messagesFor(events, state, tx)) {
        if (await limiter.attempt(tx, sendLimits({ channel: message.channel, to: message.to }))) heldBack += 1;
        else await deps.outbox.enqueue(message, tx);
      }
    },
  };
}
