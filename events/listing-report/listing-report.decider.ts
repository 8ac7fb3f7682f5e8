import type { Actor } from '../actor.ts';
import type { Decider } from '../store/decider.ts';
import { DomainError } from '../store/errors.ts';
import type { DomainEvent } from '../store/event-type.ts';
import { listingReportEventTypes, type ReportAction, type ReportReason } from './listing-report.events.ts';

export type ListingReportEvent = DomainEvent<(typeof listingReportEventTypes)[number]>;

/** Independent reports (of different people) that hold a listing for review. */
export const REPORTS_TO_HOLD = 3;

export type ListingReportState = {
  /** The reports no admin has resolved yet, oldest first. */
  open: { reportId: string; reporterId: string }[];
  /** Whether the open reports held the listing: not again until they are resolved. */
  held: boolean;
};

export type ListingReportCommand =
  | {
      type: 'ReportListing';
      reportId: string;
      listingId: string;
      /** The listing's owner: nobody reports their own listing. */
      ownerId: string;
      reporter: Actor;
      reason: ReportReason;
      note: string;
      at: string;
    }
  | { type: 'ResolveReports'; listingId: string; actor: Actor; action: ReportAction; note: string; at: string };

export const LISTING_REPORT_ERRORS = {
  ownListing: () => new DomainError('forbidden', 'own_listing', 'You cannot report your own listing.'),
  alreadyReported: () =>
    new DomainError(
      'conflict',
      'already_reported',
      'You have already reported this listing. The Efie team will tell you what they decide.',
    ),
  adminOnly: () => new DomainError('forbidden', 'admin_only', 'Only an administrator can do this.'),
  nothingOpen: () => new DomainError('conflict', 'no_open_reports', 'This listing has no open reports.'),
};

/**
 * Anyone signed in may report a listing once while their report is open. When the open reports
 * come from REPORTS_TO_HOLD different people, the listing is held for review (hidden: the route
 * holds it on the listing's stream in the same transaction). An admin resolves a listing's open
 * reports together, with one action; each reporter is told.
 */
export const listingReportDecider: Decider<ListingReportCommand, ListingReportEvent, ListingReportState> = {
  initialState: () => ({ open: [], held: false }),
  decide(command, state) {
    switch (command.type) {
      case 'ReportListing': {
        const { reportId, listingId, reporter, reason, note, at } = command;
        if (reporter.id === command.ownerId) throw LISTING_REPORT_ERRORS.ownListing();
        if (state.open.some((r) => r.reporterId === reporter.id)) throw LISTING_REPORT_ERRORS.alreadyReported();
        const reported: ListingReportEvent = {
          type: 'ListingReported',
          data: { reportId, listingId, reporterId: reporter.id, reason, note, reportedAt: at },
        };
        const open = [...state.open, { reportId, reporterId: reporter.id }];
        if (state.held || open.length < REPORTS_TO_HOLD) return [reported];
        return [
          reported,
          { type: 'ListingHeldForReports', data: { listingId, reportIds: open.map((r) => r.reportId), heldAt: at } },
        ];
      }
      case 'ResolveReports': {
        const { listingId, actor, action, note, at } = command;
        if (!actor.isAdmin) throw LISTING_REPORT_ERRORS.adminOnly();
        if (state.open.length === 0) throw LISTING_REPORT_ERRORS.nothingOpen();
        return [
          {
            type: 'ListingReportsResolved',
            data: {
              listingId,
              reportIds: state.open.map((r) => r.reportId),
              action,
              note,
              resolvedBy: actor.id,
              resolvedAt: at,
            },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ListingReported':
        return {
          ...state,
          open: [...state.open, { reportId: event.data.reportId, reporterId: event.data.reporterId }],
        };
      case 'ListingHeldForReports':
        return { ...state, held: true };
      case 'ListingReportsResolved':
        return { open: state.open.filter((r) => !event.data.reportIds.includes(r.reportId)), held: false };
    }
  },
};

export const listingReportAggregate = { eventTypes: listingReportEventTypes, decider: listingReportDecider };
