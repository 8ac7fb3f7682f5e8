import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { LISTING_REPORT_EVENT_NAMES, listingReportEventTypes } from './listing-report.events.ts';

const decode = createEventDecoder(listingReportEventTypes);

/**
 * The `listing_reports` read model: one row per report, open until an admin resolves it, and
 * whether it held the listing. Idempotent: a report is inserted once, and a resolution or a hold
 * changes a row only while its version is older than the event's.
 */
export const listingReportsProjection: Projection = {
  name: 'listing-reports',
  tables: ['listing_reports'],
  handles: LISTING_REPORT_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'ListingReported': {
          const { reportId, listingId, reporterId, reason, note, reportedAt } = event.data;
          await tx.query(
            `insert into listing_reports (id, listing_id, reporter_id, reason, note, status, held, reported_at, version)
             values ($1, $2, $3, $4, $5, 'open', false, $6, $7) on conflict (id) do nothing`,
            [reportId, listingId, reporterId, reason, note, reportedAt, version],
          );
          break;
        }
        case 'ListingHeldForReports':
          await tx.query(`update listing_reports set held = true, version = $2 where id = any($1) and version < $2`, [
            event.data.reportIds,
            version,
          ]);
          break;
        case 'ListingReportsResolved': {
          const { reportIds, action, note, resolvedBy, resolvedAt } = event.data;
          await tx.query(
            `update listing_reports set status = 'resolved', action = $2, resolution_note = $3, resolved_by = $4,
               resolved_at = $5, version = $6 where id = any($1) and version < $6`,
            [reportIds, action, note, resolvedBy, resolvedAt, version],
          );
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`listing-reports projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
