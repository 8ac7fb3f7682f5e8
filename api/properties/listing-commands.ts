import type { Context } from 'hono';
import { listingAggregate, LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import { listingStreamId } from '../../events/listing/listing.events.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { commandTarget } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { canSee, findProperty, type PropertyReadRow } from './properties.read.ts';
import { listingsChanged } from './search-cache.ts';

/** Listings as the command runner runs them: every command, whatever came of it, tells the search caches. */
export const listingCommands = commandTarget(listingAggregate, { streamId: listingStreamId, settled: listingsChanged });

/** The listing as the caller may see it; 404 when it does not exist or is not theirs to see. */
export async function visibleProperty(c: Context<AppEnv>, db: SqlClient, id: string): Promise<PropertyReadRow> {
  const row = await findProperty(db, id);
  if (!row || !canSee(row, c.var.user)) throw LISTING_ERRORS.notFound();
  return row;
}

export const actorOf = (c: Context<AppEnv>) => ({ id: c.var.user!.id, isAdmin: c.var.user!.isAdmin });
