import type { RecordedEvent } from '../store/event-store.ts';
import { createEventDecoder } from '../store/event-type.ts';
import type { Projection } from '../store/projections.ts';
import type { SqlClient } from '../store/sql.ts';
import { SUPPORT_MESSAGE_EVENT_NAMES, supportMessageEventTypes } from './support-message.events.ts';

const decode = createEventDecoder(supportMessageEventTypes);

/**
 * The `support_messages` read model: one row per message, its status and who handled it.
 * A row keeps its stream's version; an event at or below it is a replay and changes nothing.
 * Messages are few (people typing), so one statement per event is plenty.
 */
export const supportMessagesProjection: Projection = {
  name: 'support-messages',
  tables: ['support_messages'],
  handles: SUPPORT_MESSAGE_EVENT_NAMES,
  async apply(tx: SqlClient, events: RecordedEvent[]) {
    for (const recorded of events) {
      const event = decode(recorded);
      const version = recorded.streamVersion;
      switch (event.type) {
        case 'SupportMessageReceived': {
          const { messageId, reference, content: c, receivedAt } = event.data;
          await tx.query(
            `insert into support_messages (id, reference, form, name, first_name, last_name, contact_method, email, phone,
               category, user_type, subject, message, status, received_at, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'unhandled', $14, $15)
             on conflict (id) do nothing`,
            [
              messageId,
              reference,
              c.form,
              c.name,
              c.firstName,
              c.lastName,
              c.contactMethod,
              c.email,
              c.phone,
              c.category,
              c.userType,
              c.subject,
              c.message,
              receivedAt,
              version,
            ],
          );
          break;
        }
        case 'SupportMessageHandled': {
          const { messageId, handledBy, handledAt } = event.data;
          await tx.query(
            `update support_messages set status = 'handled', handled_by = $2, handled_at = $3, version = $4 where id = $1 and version < $4`,
            [messageId, handledBy, handledAt, version],
          );
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`support-messages projection: unhandled ${JSON.stringify(unknown)}`);
        }
      }
    }
  },
};
