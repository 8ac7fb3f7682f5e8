import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { SAVED_SEARCH_EVENT_NAMES, savedSearchEventTypes } from './saved-search.events.ts';

const decode = createEventDecoder(savedSearchEventTypes);

/** The `saved_searches` read model: each row at its stream's version, so an event applied twice changes nothing. */
export const savedSearchesProjection: Projection = {
  name: 'saved-searches',
  tables: ['saved_searches'],
  handles: SAVED_SEARCH_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'SearchSaved': {
          const { searchId, userId, name, filters, savedAt } = event.data;
          await tx.query(
            `insert into saved_searches (id, user_id, name, filters, created_at, version)
             values ($1, $2, $3, $4::text::jsonb, $5, $6) on conflict (id) do nothing`,
            [searchId, userId, name, JSON.stringify(filters), savedAt, version],
          );
          break;
        }
        case 'SearchAlertSent':
          await tx.query(
            `update saved_searches set last_alert_at = $3, alerts_sent = alerts_sent + 1, version = $2
             where id = $1 and version < $2`,
            [event.data.searchId, version, event.data.sentAt],
          );
          break;
        case 'SearchUnsubscribed':
          await tx.query(
            'update saved_searches set unsubscribed_at = $3, version = $2 where id = $1 and version < $2',
            [event.data.searchId, version, event.data.unsubscribedAt],
          );
          break;
        default: {
          const unknown: never = event;
          throw new Error(`saved-searches projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
