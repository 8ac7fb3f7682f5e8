import type { Context } from 'hono';
import { handleCommand } from '../../events/store/command-handler.ts';
import type { EventStore } from '../../events/store/event-store.ts';
import { listingAggregate, LISTING_ERRORS, type ListingCommand } from '../../events/listing/listing.decider.ts';
import { listingStreamId } from '../../events/listing/listing.events.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { AppEnv } from '../http/app-env.ts';
import { canSee, findProperty, type PropertyReadRow } from './properties.read.ts';
import { listingsChanged } from './search-cache.ts';

/**
 * Runs a listing command for a request: the actor, request id and idempotency
 * key go with it. `part` keeps keys distinct when one request touches several
 * listings (reordering featured ones).
 */
export async function runListingCommand(
  c: Context<AppEnv>,
  store: EventStore,
  propertyId: string,
  command: ListingCommand,
  options: { expectedVersion?: number | undefined; part?: string } = {},
) {
  const idempotency = c.var.idempotency;
  try {
    return await handleCommand(store, listingAggregate, listingStreamId(propertyId), command, {
      expectedVersion: options.expectedVersion,
      metadata: { actorId: c.var.user?.id ?? null, requestId: c.var.requestId },
      idempotency: idempotency && { key: `${idempotency.key}#${propertyId}${options.part ?? ''}`, requestHash: idempotency.requestHash },
    });
  } finally {
    listingsChanged();
  }
}

/** The listing as the caller may see it; 404 when it does not exist or is not theirs to see. */
export async function visibleProperty(c: Context<AppEnv>, db: SqlClient, id: string): Promise<PropertyReadRow> {
  const row = await findProperty(db, id);
  if (!row || !canSee(row, c.var.user)) throw LISTING_ERRORS.notFound();
  return row;
}

export const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user!.id, isAdmin: c.var.user!.isAdmin });
