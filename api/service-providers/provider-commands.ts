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
import type { AppEnv } from '../http/app-env.ts';
import type { NewMessage } from '../outbox/outbox.ts';

/**
 * Runs a provider command through handleCommand, with the messages the new
 * events call for written to the outbox in the append's own transaction: a
 * decision is never stored without its message, nor a message sent for a
 * decision that rolled back. A replayed Idempotency-Key appends nothing and
 * enqueues nothing.
 */
export async function runProviderCommand(
  deps: Pick<AppDeps, 'store' | 'outbox'>,
  c: Context<AppEnv>,
  providerId: string,
  command: ServiceProviderCommand,
  messagesFor: (events: ServiceProviderEvent[], state: ServiceProviderState) => NewMessage[] = () => [],
): Promise<void> {
  // The append's key names the stream too, as the listings' do (api/properties/listing-commands.ts).
  const idempotency = c.var.idempotency && { key: `${c.var.idempotency.key}#${providerId}`, requestHash: c.var.idempotency.requestHash };
  try {
    await handleCommand(deps.store, serviceProviderAggregate, serviceProviderStreamId(providerId), command, {
      metadata: { actorId: c.var.user?.id ?? null, requestId: c.var.requestId },
      idempotency,
      async alongside(tx, events, state) {
        for (const message of messagesFor(events, state)) await deps.outbox.enqueue(message, tx);
      },
    });
  } catch (error) {
    // The read model's unique index: another pending application of this account won a race.
    if (error instanceof Error && error.message.includes('service_providers_one_pending')) throw PROVIDER_ERRORS.pendingElsewhere();
    throw error;
  }
}
