import { FRESHNESS_ACTOR, type ListingEvent } from '../../events/listing/listing.decider.ts';
import { EXPIRES_AFTER_DAYS, REMINDER_DAYS_BEFORE } from '../../events/listing/freshness.policy.ts';
import type { AppDeps } from '../app-deps.ts';
import { runCommand, systemOrigin } from '../commands/run-command.ts';
import type { Logger } from '../logger.ts';
import type { NewMessage } from '../outbox/outbox.ts';
import { listingCommands } from '../properties/listing-commands.ts';
import { expiredNotice, expiryReminder } from './freshness-notices.ts';

type Deps = Pick<AppDeps, 'db' | 'store' | 'outbox' | 'config'>;

const FRESHNESS = systemOrigin(FRESHNESS_ACTOR);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings a step takes per query; the sweep repeats until none is left. */
const BATCH = 200;

type Due = { id: string; title: string; email: string | null; phone: string | null };

const DUE_SELECT = `select p.id, p.title, u.email, u.phone from properties p left join users u on u.id = p.owner_id`;

/**
 * One pass of listings that stay true (docs/decisions/400), as at `at`: reminds the host of each
 * live listing whose reminder is due, then takes out of search each reminded listing whose time
 * has come, telling its host. Each is a command of the listing's, through the one runner, with its
 * message in the same transaction; the decider decides again, so a listing confirmed meanwhile is
 * left alone. Answers how many were reminded and how many left search.
 */
export async function sweepListingFreshness(
  deps: Deps,
  at: Date,
  { only }: { only?: readonly string[] } = {},
): Promise<{ reminded: number; expired: number }> {
  const { config } = deps;
  // A test's sweep may name its listings, leaving everyone else's alone.
  const among = only ? 'and p.id = any($2::uuid[])' : '';
  const now = at.toISOString();
  const remindBefore = new Date(at.getTime() - (EXPIRES_AFTER_DAYS - REMINDER_DAYS_BEFORE) * DAY_MS);
  const reminded = await sweepStep(deps, {
    where: `p.is_live and p.expires_at is null and p.confirmed_at <= $1 ${among} order by p.confirmed_at`,
    params: only ? [remindBefore, only] : [remindBefore],
    command: { type: 'RemindExpiry', at: now },
    notice: (listing, event) =>
      event.type === 'ListingExpiryReminded'
        ? expiryReminder(listing, listing, event.data.expiresAt, config.publicOrigin)
        : undefined,
  });
  const expired = await sweepStep(deps, {
    where: `p.is_live and p.expires_at <= $1 ${among} order by p.expires_at`,
    params: only ? [at, only] : [at],
    command: { type: 'Expire', at: now },
    notice: (listing, event) =>
      event.type === 'ListingExpired' ? expiredNotice(listing, listing, config.publicOrigin) : undefined,
  });
  return { reminded, expired };
}

/**
 * Runs `command` on every listing `where` selects, a batch at a time, each with the message its
 * events call for in the same transaction. Stops when a batch is short, or changed nothing (the
 * same listings would be selected again). Answers how many events were recorded.
 */
async function sweepStep(
  { db, store, outbox }: Deps,
  step: {
    where: string;
    params: unknown[];
    command: { type: 'RemindExpiry' | 'Expire'; at: string };
    notice: (listing: Due, event: ListingEvent) => NewMessage | undefined;
  },
): Promise<number> {
  let recorded = 0;
  for (;;) {
    const due = await db.query<Due>(`${DUE_SELECT} where ${step.where} limit ${BATCH}`, step.params);
    let changed = 0;
    for (const listing of due) {
      const { events } = await runCommand(store, FRESHNESS, listingCommands, listing.id, step.command, {
        async alongside(tx, decided) {
          for (const event of decided) {
            const message = step.notice(listing, event);
            if (message) await outbox.enqueue(message, tx);
          }
        },
      });
      changed += events.length;
    }
    recorded += changed;
    if (due.length < BATCH || changed === 0) return recorded;
  }
}

/** Sweeps at start and then every `everyMs` (an hour); `stop` waits for a running sweep. */
export function startFreshnessSweeps(
  deps: Deps & Pick<AppDeps, 'clock'>,
  log: Logger,
  { everyMs = 60 * 60 * 1000 } = {},
) {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => sweepListingFreshness(deps, deps.clock()))
      .then(({ reminded, expired }) => {
        if (reminded + expired > 0) log.info('listing freshness', { reminded, expired });
      })
      .catch((error: unknown) => log.error('listing freshness', { error: String(error) }));
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
