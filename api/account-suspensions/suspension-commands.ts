import { SUSPENSION_ACTOR } from '../../events/listing/listing.decider.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { Actor } from '../../events/actor.ts';
import { accountSuspensionAggregate } from '../../events/user/account-suspension.decider.ts';
import { userStreamId } from '../../events/user/user.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { type CommandOrigin, commandTarget, runCommand, systemOrigin } from '../commands/run-command.ts';
import { listingCommands } from '../properties/listing-commands.ts';
import { suspendedNotice, suspensionLiftedNotice } from './suspension-notices.ts';

/** Suspensions as the command runner runs them, on the user's stream (events/user/account-suspension.decider.ts). */
export const suspensionCommands = commandTarget(accountSuspensionAggregate, { streamId: userStreamId });

const SUSPENSION = systemOrigin(SUSPENSION_ACTOR);

type Deps = Pick<AppDeps, 'store' | 'outbox'>;

async function contactOf(tx: SqlClient, userId: string) {
  const [row] = await tx.query<{ email: string | null; phone: string | null }>(
    'select email, phone from users where id = $1',
    [userId],
  );
  return row;
}

/** Runs a suspension's command on each of the owner's listings, in `tx`. */
async function onEveryListing(
  deps: Deps,
  tx: SqlClient,
  ownerId: string,
  command: { type: 'HoldForSuspension' | 'ReleaseSuspensionHold'; at: string },
) {
  const rows = await tx.query<{ id: string }>('select id from properties where owner_id = $1 order by id', [ownerId]);
  for (const { id } of rows) await runCommand(deps.store, SUSPENSION, listingCommands, id, command, { tx });
}

/**
 * Suspends an account in `tx` (docs/decisions/345): the event on the user's stream, then, in the
 * same transaction, every session of it ended and each of its visible listings held, and the
 * owner told why. Answers whether anything changed (suspending a suspended account records nothing).
 */
export async function suspendAccount(
  deps: Deps,
  tx: SqlClient,
  origin: CommandOrigin,
  command: { userId: string; actor: Actor; reason: string; listingId: string | null; at: string },
): Promise<boolean> {
  const { userId, ...rest } = command;
  const { events } = await runCommand(
    deps.store,
    origin,
    suspensionCommands,
    userId,
    { type: 'SuspendAccount', ...rest },
    { tx },
  );
  if (events.length === 0) return false;
  await tx.query('delete from sessions where user_id = $1', [userId]);
  await onEveryListing(deps, tx, userId, { type: 'HoldForSuspension', at: command.at });
  const contact = await contactOf(tx, userId);
  const notice = contact && suspendedNotice(contact, command.reason);
  if (notice) await deps.outbox.enqueue(notice, tx);
  return true;
}

/** Lifts a suspension in `tx`: the listings it hid come back (not those the reports or the owner hid), and the owner is told. */
export async function liftSuspension(
  deps: Deps,
  tx: SqlClient,
  origin: CommandOrigin,
  command: { userId: string; actor: Actor; note: string; at: string },
): Promise<void> {
  const { userId, ...rest } = command;
  await runCommand(deps.store, origin, suspensionCommands, userId, { type: 'LiftSuspension', ...rest }, { tx });
  await onEveryListing(deps, tx, userId, { type: 'ReleaseSuspensionHold', at: command.at });
  const contact = await contactOf(tx, userId);
  const notice = contact && suspensionLiftedNotice(contact, command.note);
  if (notice) await deps.outbox.enqueue(notice, tx);
}
