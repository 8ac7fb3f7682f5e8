import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { LISTING_CONTACT_EVENT_NAMES, listingContactEventTypes } from './listing-contact.events.ts';

const decode = createEventDecoder(listingContactEventTypes);

/** The `listing_contacts` read model: one row per contact, inserted once (a replay changes nothing). */
export const listingContactsProjection: Projection = {
  name: 'listing-contacts',
  tables: ['listing_contacts'],
  handles: LISTING_CONTACT_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      switch (event.type) {
        case 'HostContacted': {
          const { contactId, listingId, renterId, channel, contactedAt } = event.data;
          await tx.query(
            `insert into listing_contacts (id, listing_id, renter_id, channel, contacted_at)
             values ($1, $2, $3, $4, $5) on conflict (id) do nothing`,
            [contactId, listingId, renterId, channel, contactedAt],
          );
          break;
        }
        default: {
          // One event type: its union does not narrow `event` itself, only its type.
          const unknown: never = event.type;
          throw new Error(`listing-contacts projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
