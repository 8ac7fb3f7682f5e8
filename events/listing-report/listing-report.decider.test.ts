import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type ListingReportEvent, listingReportDecider } from './listing-report.decider.ts';

const listingId = 'listing-1';
const ownerId = 'owner-1';
const admin = { id: 'admin-1', isAdmin: true };
const person = (n: number) => ({ id: `renter-${n}`, isAdmin: false });
const at = '2026-11-29T10:00:00.000Z';

const report = (n: number, reason = 'scam' as const) =>
  ({
    type: 'ReportListing',
    reportId: `r${n}`,
    listingId,
    ownerId,
    reporter: person(n),
    reason,
    note: '',
    at,
  }) as const;
const reported = (n: number, reporter = n): ListingReportEvent => ({
  type: 'ListingReported',
  data: { reportId: `r${n}`, listingId, reporterId: `renter-${reporter}`, reason: 'scam', note: '', reportedAt: at },
});
const held = (...ns: number[]): ListingReportEvent => ({
  type: 'ListingHeldForReports',
  data: { listingId, reportIds: ns.map((n) => `r${n}`), heldAt: at },
});
const resolve = (action: 'dismiss' | 'hide' | 'delete', actor = admin) =>
  ({ type: 'ResolveReports', listingId, actor, action, note: '', at }) as const;
const resolved = (action: string, ...ns: number[]): ListingReportEvent => ({
  type: 'ListingReportsResolved',
  data: { listingId, reportIds: ns.map((n) => `r${n}`), action, note: '', resolvedBy: admin.id, resolvedAt: at },
});

const given = givenWhenThen(listingReportDecider);

describe('listing report decider', () => {
  it('takes a report from anyone signed in but the owner', () => {
    given()
      .when(report(1))
      .then([reported(1)]);
    given()
      .when({ ...report(1), reporter: { id: ownerId, isAdmin: false } })
      .thenRefuses('own_listing', 'forbidden');
  });

  it('takes one open report per person', () => {
    given(reported(1))
      .when(report(2, 'scam'))
      .then([reported(2)]);
    given(reported(1))
      .when({ ...report(2), reporter: person(1) })
      .thenRefuses('already_reported', 'conflict');
  });

  it('holds the listing with the third different person’s report, and only once while they are open', () => {
    given(reported(1), reported(2))
      .when(report(3))
      .then([reported(3), held(1, 2, 3)]);
    given(reported(1), reported(2), reported(3), held(1, 2, 3))
      .when(report(4))
      .then([reported(4)]);
  });

  it('lets an admin resolve the open reports together, with one action', () => {
    given(reported(1), reported(2))
      .when(resolve('dismiss'))
      .then([resolved('dismiss', 1, 2)]);
    given(reported(1))
      .when(resolve('hide', person(9)))
      .thenRefuses('admin_only', 'forbidden');
    given().when(resolve('delete')).thenRefuses('no_open_reports', 'conflict');
    given(reported(1), resolved('dismiss', 1)).when(resolve('hide')).thenRefuses('no_open_reports', 'conflict');
  });

  it('counts afresh after a resolution: a person may report again, and three new reports hold it again', () => {
    const before = [reported(1), reported(2), reported(3), held(1, 2, 3), resolved('dismiss', 1, 2, 3)];
    given(...before)
      .when(report(1))
      .then([reported(1)]);
    given(...before, reported(4), reported(5))
      .when(report(6))
      .then([reported(6), held(4, 5, 6)]);
  });
});
