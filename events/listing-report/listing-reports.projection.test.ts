import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createEventStore } from '../store/event-store.ts';
import { createProjectionSet } from '../store/projections.ts';
import type { ListingReportEvent } from './listing-report.decider.ts';
import { listingReportsStreamId } from './listing-report.events.ts';
import { listingReportsProjection } from './listing-reports.projection.ts';

const database = useMigratedDatabase();
const projections = createProjectionSet([listingReportsProjection]);
const listingId = '20000000-0000-4000-8000-000000000001';
const id = (n: number) => `30000000-0000-4000-8000-00000000000${n}`;
const at = '2026-11-29T10:00:00.000Z';

const reported = (n: number): ListingReportEvent => ({
  type: 'ListingReported',
  data: { reportId: id(n), listingId, reporterId: id(n), reason: 'scam', note: `note ${n}`, reportedAt: at },
});
const held: ListingReportEvent = {
  type: 'ListingHeldForReports',
  data: { listingId, reportIds: [id(1), id(2)], heldAt: at },
};
const resolved: ListingReportEvent = {
  type: 'ListingReportsResolved',
  data: { listingId, reportIds: [id(1), id(2)], action: 'hide', note: 'Seen', resolvedBy: id(9), resolvedAt: at },
};

const rows = () =>
  database().query<Record<string, unknown>>(
    'select id, status, held, action, resolution_note, version from listing_reports order by id',
  );

describe('listing reports projection', () => {
  it('keeps each report open, held, then resolved, and a rebuild gives the same rows', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(listingReportsStreamId(listingId), 'no_stream', [reported(1), reported(2), held]);
    expect(await rows()).toEqual([
      { id: id(1), status: 'open', held: true, action: null, resolution_note: null, version: 3 },
      { id: id(2), status: 'open', held: true, action: null, resolution_note: null, version: 3 },
    ]);
    await store.append(listingReportsStreamId(listingId), 3, [resolved]);
    const after = await rows();
    expect(after).toMatchObject([
      { status: 'resolved', action: 'hide', resolution_note: 'Seen', version: 4 },
      { status: 'resolved', action: 'hide', version: 4 },
    ]);
    await database().query(`update listing_reports set status = 'open', held = false`);
    expect(await projections.rebuild(database())).toEqual({ events: 4 });
    expect(await rows()).toEqual(after);
  });

  it('changes nothing when events are applied again', async () => {
    const store = createEventStore(database(), { project: projections.applyInline });
    await store.append(listingReportsStreamId(listingId), 'no_stream', [reported(1), reported(2), held, resolved]);
    const before = await rows();
    const recorded = await store.readStream(listingReportsStreamId(listingId));
    await database().transaction((tx) => listingReportsProjection.apply(tx, recorded));
    expect(await rows()).toEqual(before);
  });
});
