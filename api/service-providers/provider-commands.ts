import type { Context } from 'hono';
import { handleCommand } from '../../events/store/command-handler.ts';
import {
  PROVIDER_ERRORS,
  serviceProviderAggregate,
  type ServiceProviderCommand,
  type ServiceProviderEvent,
  type ServiceProviderState,
} from '../../events/service-provider/service-provider.decider.ts';
import { serviceProviderStreamId } from '../../events/service-provider/service-provider.events.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { AppEnv } from '../http/app-env.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { sendLimits } from '../limits/send-limits.ts';
import type { NewMessage } from '../outbox/outbox.ts';

/**
 * Runs a provider command through handleCommand, with the messages the new
 * events call for written to the outbox in the append's own transaction: a
 * decision is never stored without its message, nor a message sent for a
 * decision that rolled back. A replayed Idempotency-Key appends nothing and
 * enqueues nothing. Each message counts against its address's limit on what Efie sends
 * (api/limits/send-limits.ts); past it, the decision stands and the message is held back:
 * answers how many were.
 */
export async function runProviderCommand(
  deps: Pick<AppDeps, 'store' | 'outbox' | 'clock'>,
  c: Context<AppEnv>,
  providerId: string,
  command: ServiceProviderCommand,
  messagesFor: (events: ServiceProviderEvent[], state: ServiceProviderState, tx: SqlClient) => Promise<NewMessage[]> = async () => [],
): Promise<{ heldBack: number }> {
  const limiter = createRateLimiter(deps.clock);
  let heldBack = 0;
  // The append's key names the stream too, as the listings' do (api/properties/listing-commands.ts).
  const idempotency = c.var.idempotency && { key: `${c.var.idempotency.key}#${providerId}`, requestHash: c.var.idempotency.requestHash };
  try {
    await handleCommand(deps.store, serviceProviderAggregate, serviceProviderStreamId(providerId), command, {
      metadata: { actorId: c.var.user?.id ?? null, requestId: c.var.requestId },
      idempotency,
      async alongside(tx, events, state) {
        heldBack = 0;
        for (const message of await messagesFor(events, state, tx)) {
          if (await limiter.attempt(tx, sendLimits({ channel: message.channel, to: message.to }))) heldBack += 1;
          else await deps.outbox.enqueue(message, tx);
        }
      },
    });
  } catch (error) {
    // The read model's unique index: another pending application of this account won a race.
    if (error instanceof Error && error.message.includes('service_providers_one_pending')) throw PROVIDER_ERRORS.pendingElsewhere();
    throw error;
  }
  return { heldBack };
}
