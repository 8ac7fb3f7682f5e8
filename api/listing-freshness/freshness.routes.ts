import { Hono } from 'hono';
import * as v from 'valibot';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { localCallersOnly } from '../outbox/dev-outbox.routes.ts';
import { actorOf, listingCommands } from '../properties/listing-commands.ts';
import { canSee, findProperty, toProperty } from '../properties/properties.read.ts';
import { sweepListingFreshness } from './freshness-sweep.ts';

const ANSWERS = {
  ConfirmAvailable: 'Thank you: renters see that this listing is still available.',
  MarkLet: 'Marked as let: it has left search. Bring it back with one tap when it is free again.',
  Relist: 'Back on Efie: renters find it in search again.',
} as const;

/**
 * Listings that stay true (issue 34, docs/decisions/400): the host confirms a listing is still
 * available, marks it let, or brings an expired or let one back, each in one tap. Only the owner;
 * a listing the caller may not see is a 404.
 */
export function listingFreshnessRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  const { db, store, clock } = deps;
  const route = (type: keyof typeof ANSWERS) => async (c: Parameters<typeof actorOf>[0]) => {
    const id = c.req.param('id') ?? '';
    const before = await findProperty(db, id);
    if (!before || !canSee(before, c.var.user)) throw LISTING_ERRORS.notFound();
    await runCommand(store, requestOrigin(c.var), listingCommands, id, {
      type,
      actor: actorOf(c),
      at: clock().toISOString(),
    });
    const after = await findProperty(db, id);
    // Back with changes made while it was down: waiting for the admins again.
    const message =
      type !== 'MarkLet' && after && !after.is_verified
        ? 'Sent back to the Efie team: you changed it while it was down, so it is checked again before renters see it.'
        : ANSWERS[type];
    return c.json({ message, property: after ? toProperty(after, c.var.user) : null });
  };
  return new Hono<AppEnv>()
    .post('/:id/confirm-available', requireUser, route('ConfirmAvailable'))
    .post('/:id/mark-let', requireUser, route('MarkLet'))
    .post('/:id/relist', requireUser, route('Relist'));
}

const SweepSchema = v.object({
  at: v.pipe(v.string('at must be a date and time'), v.isoTimestamp('at must be an ISO date and time')),
  /** Only these listings (a test's own), else every listing. */
  listingIds: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid('listingIds must be listing ids'))), v.maxLength(100)),
  ),
});

/**
 * POST /api/dev/freshness-sweep {at}: runs the freshness sweep as if at `at`, so an end-to-end test
 * moves the sweep's clock 45 days on without moving the server's, for its own listings (`listingIds`)
 * only, leaving the other tests' alone. Mounted only with the dev outbox
 * (EFIE_DEV_OUTBOX=1, never in production), for loopback callers only.
 */
export const devFreshnessRoutes = (deps: Pick<AppDeps, 'db' | 'store' | 'outbox' | 'config'>) =>
  new Hono<AppEnv>().use('*', localCallersOnly).post('/freshness-sweep', validate('json', SweepSchema), async (c) => {
    const { at, listingIds } = c.req.valid('json');
    return c.json(await sweepListingFreshness(deps, new Date(at), listingIds ? { only: listingIds } : {}));
  });
