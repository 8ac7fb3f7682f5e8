import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../events/store/sql.ts';
import type { OutboxMessage } from '../contract/auth.schema.ts';

export type NewMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  /** The text holds a code or a link that opens the account: forgotten after sending in production. */
  containsSecret?: boolean;
};

type OutboxRow = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
  sent_at: Date | null;
};

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  text: row.body,
  createdAt: new Date(row.created_at).toISOString(),
  sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
});

/**
 * Messages to people (codes, reset links, messages to the team) are written
 * here first; a worker hands them to the sender port (outbox.worker.ts). A
 * message is never lost between "decided to send" and "sent".
 */
export function createOutbox(db: SqlClient, clock: () => Date) {
  return {
    async enqueue(message: NewMessage, client: SqlClient = db): Promise<string> {
      const id = randomUUID();
      await client.query(
        `insert into outbox_messages (id, channel, recipient, subject, body, created_at, contains_secret)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, message.channel, message.to, message.subject, message.text, clock(), message.containsSecret ?? false],
      );
      return id;
    },
    /** The newest messages to one address first (the dev endpoint). */
    async listTo(to: string, limit = 20): Promise<OutboxMessage[]> {
      const rows = await db.query<OutboxRow>(
        `select id, channel, recipient, subject, body, created_at, sent_at from outbox_messages
         where recipient = $1 order by created_at desc, seq desc limit $2`,
        [to, limit],
      );
      return rows.map(toMessage);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
export type { OutboxRow };
export { toMessage };
