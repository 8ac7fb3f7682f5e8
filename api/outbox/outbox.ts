import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../events/store/sql.ts';
import type { OutboxMessage } from '../contract/auth.schema.ts';
import type { DeliveryFailure, FailedMessage } from '../contract/outbox.schema.ts';

export type NewMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  /** The text holds a code or a link that opens the account: forgotten after sending in production. */
  containsSecret?: boolean;
};

/** A message to a person by e-mail when they have an address, else by SMS; nothing without either. */
export function messageToPerson(
  contact: { email: string | null; phone: string | null },
  subject: string,
  text: string,
): NewMessage | undefined {
  if (contact.email) return { channel: 'email', to: contact.email, subject, text };
  if (contact.phone) return { channel: 'sms', to: contact.phone, subject: null, text };
  return undefined;
}

/**
 * A web push to one browser (docs/decisions/370): `to` is its subscription's endpoint, `text` the
 * JSON the service worker shows (api/outbox/push-sender.ts).
 */
export type NewPushMessage = { channel: 'push'; to: string; subject: null; text: string };

/** What the service worker shows (pwa/sw.ts): a title, a line, the app's page to open on a tap, and a tag (a later push of the same tag replaces it). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A push to one browser's subscription `endpoint`. */
export const pushMessage = (endpoint: string, payload: PushPayload): NewPushMessage => ({
  channel: 'push',
  to: endpoint,
  subject: null,
  text: JSON.stringify(payload),
});

type OutboxRow = {
  id: string;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
  sent_at: Date | null;
};

type FailedRow = {
  id: string;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  subject: string | null;
  text: string | null;
  attempts: number;
  failure: DeliveryFailure;
  last_error: string | null;
  created_at: Date;
  failed_at: Date;
};

const toFailedMessage = (row: FailedRow): FailedMessage => ({
  id: row.id,
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  text: row.text,
  attempts: row.attempts,
  failure: row.failure,
  lastError: row.last_error,
  createdAt: new Date(row.created_at).toISOString(),
  failedAt: new Date(row.failed_at).toISOString(),
});

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
    async enqueue(message: NewMessage | NewPushMessage, client: SqlClient = db): Promise<string> {
      const id = randomUUID();
      await client.query(
        `insert into outbox_messages (id, channel, recipient, subject, body, created_at, contains_secret)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          message.channel,
          message.to,
          message.subject,
          message.text,
          clock(),
          'containsSecret' in message && message.containsSecret === true,
        ],
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
    /** Messages given up on, newest first (the admin's Delivery tab): the text of one that held a code or link is withheld. */
    async listFailed(limit = 100): Promise<FailedMessage[]> {
      const rows = await db.query<FailedRow>(
        `select id, channel, recipient, subject, case when contains_secret then null else body end as text,
           attempts, failure, last_error, created_at, failed_at
         from outbox_messages where failed_at is not null order by failed_at desc, seq desc limit $1`,
        [limit],
      );
      return rows.map(toFailedMessage);
    },
    /**
     * An admin's decision to send a failed message again: it gets a fresh set of
     * attempts at once. False when there is no such failed message.
     */
    async retry(id: string): Promise<boolean> {
      const rows = await db.query(
        `update outbox_messages set failed_at = null, failure = null, attempts = 0, claimed_until = null, sending_since = null
         where id = $1 and failed_at is not null and sent_at is null returning id`,
        [id],
      );
      return rows.length === 1;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
export type { OutboxRow };
export { toMessage };
