import { Hono } from 'hono';
import { LISTING_ERRORS, REPORTS_ACTOR } from '../../events/listing/listing.decider.ts';
import { DomainError } from '../../events/store/errors.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { removeDeletedImages } from '../admin-properties/deleted-images.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin, requireUser } from '../auth/session.middleware.ts';
import { type CommandOrigin, readState, requestOrigin, runCommand, systemOrigin } from '../commands/run-command.ts';
import { suspendAccount } from '../account-suspensions/suspension-commands.ts';
import {
  AdminReportsQuerySchema,
  type ReportAction,
  type ReportAnswer,
  ReportListingSchema,
  ResolveReportsSchema,
} from '../contract/reports.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf, listingCommands } from '../properties/listing-commands.ts';
import { findProperty } from '../properties/properties.read.ts';
import type { ListingEvent } from '../../events/listing/listing.decider.ts';
import { listingReportCommands } from './listing-report-commands.ts';
import { listReportedListings, reportersOf } from './listing-reports.read.ts';
import { reportResolvedNotice } from './report-notices.ts';

const REPORTS = systemOrigin(REPORTS_ACTOR);

/**
 * Reporting a listing (issue 33, docs/decisions/340): anyone signed in reports a live listing; the
 * third different person's open report holds it (hidden) in the same transaction. Each command runs
 * through the one runner, the listing's on its own stream in the report's transaction.
 */
export function listingReportRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  const { db, store, clock } = deps;
  return new Hono<AppEnv>().post('/:id/reports', requireUser, validate('json', ReportListingSchema), async (c) => {
    const id = c.req.param('id');
    const listing = await findProperty(db, id);
    // Only what renters can see is reported; anything else does not exist for them.
    if (!listing?.is_live) throw LISTING_ERRORS.notFound();
    const { reason, note } = c.req.valid('json');
    const reportId = newRecordId(c.var.idempotency, 'listing-report');
    const at = clock().toISOString();
    let held = false;
    await runCommand(
      store,
      requestOrigin(c.var),
      listingReportCommands,
      id,
      {
        type: 'ReportListing',
        reportId,
        listingId: id,
        ownerId: listing.owner_id,
        reporter: actorOf(c),
        reason,
        note,
        at,
      },
      {
        async alongside(tx, events) {
          if (!events.some((e) => e.type === 'ListingHeldForReports')) return;
          await runCommand(store, REPORTS, listingCommands, id, { type: 'HoldForReports', at }, { tx });
          held = true;
        },
      },
    );
    if (held) listingCommands.settled?.();
    const answer: ReportAnswer = {
      message: 'Thank you. The Efie team will look at this listing and tell you what they decide.',
      report: { id: reportId, reason, status: 'open' },
    };
    return c.json(answer, 201);
  });
}

const noReports = () => new DomainError('not_found', 'report_not_found', 'No reports about this listing.');

/** The admin panel's Reports tab: the queue, and resolving a listing's open reports with one action. */
export function adminReportRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'files' | 'outbox'>) {
  const { db, store, clock, files, outbox } = deps;
  return new Hono<AppEnv>()
    .use('/reports', requireAdmin)
    .use('/reports/*', requireAdmin)
    .get('/reports', validate('query', AdminReportsQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { listings, total } = await listReportedListings(db, q);
      return c.json({ listings, total, page: q.page, pageSize: q.limit });
    })
    .post('/reports/:listingId/resolve', validate('json', ResolveReportsSchema), async (c) => {
      const listingId = c.req.param('listingId');
      if (!isUuid(listingId)) throw noReports();
      const { action, note } = c.req.valid('json');
      const admin = actorOf(c);
      const at = clock().toISOString();
      const listingEvents: ListingEvent[] = [];
      await runCommand(
        store,
        requestOrigin(c.var),
        listingReportCommands,
        listingId,
        { type: 'ResolveReports', listingId, actor: admin, action, note, at },
        {
          async alongside(tx, events) {
            const resolved = events.find((e) => e.type === 'ListingReportsResolved');
            if (!resolved) return;
            const listing = await findProperty(tx, listingId);
            if (listing)
              listingEvents.push(...(await actOnListing(tx, requestOrigin(c.var), listingId, action, admin, at)));
            if (action === 'suspend') {
              if (!listing) throw listingGone();
              await suspendAccount(deps, tx, requestOrigin(c.var), {
                userId: listing.owner_id,
                actor: admin,
                reason: note,
                listingId,
                at,
              });
            }
            for (const reporter of await reportersOf(tx, resolved.data.reportIds)) {
              const notice = reportResolvedNotice(reporter, listing?.title ?? 'a listing', action, note);
              if (notice) await outbox.enqueue(notice, tx);
            }
          },
        },
      );
      listingCommands.settled?.();
      await removeDeletedImages(db, files, listingEvents, c.var.log);
      return c.json({ message: RESOLVED[action] });
    });

  /** What the admins' action does to the listing, in the resolution's transaction. */
  async function actOnListing(
    tx: SqlClient,
    origin: CommandOrigin,
    listingId: string,
    action: ReportAction,
    admin: { id: string; isAdmin: boolean },
    at: string,
  ): Promise<ListingEvent[]> {
    if (action === 'delete')
      return (
        await runCommand(
          store,
          origin,
          listingCommands,
          listingId,
          { type: 'DeletePermanently', actor: admin, at },
          { tx },
        )
      ).events;
    // Hidden by the admins' decision as by the reports: its owner cannot show it again; an admin can.
    // With the owner suspended too, it stays hidden when the suspension is lifted.
    if (action === 'hide' || action === 'suspend')
      return (await runCommand(store, REPORTS, listingCommands, listingId, { type: 'HoldForReports', at }, { tx }))
        .events;
    const { state } = await readState(store, listingCommands, listingId, tx);
    if (state.status !== 'listed' || !state.heldForReports) return [];
    return (
      await runCommand(
        store,
        origin,
        listingCommands,
        listingId,
        { type: 'SetVisibility', actor: admin, isActive: true, at },
        { tx },
      )
    ).events;
  }
}

const RESOLVED = {
  dismiss: 'Reports dismissed: the listing stays on Efie.',
  hide: 'Listing hidden; its owner cannot show it again until an admin does.',
  delete: 'Listing deleted permanently.',
  suspend: 'Listing hidden and its owner suspended: they cannot sign in, and their other listings are hidden too.',
} as const satisfies Record<ReportAction, string>;

const listingGone = () =>
  new DomainError('conflict', 'listing_gone', 'This listing no longer exists, so Efie cannot tell whose it was.');
