import type { OutboxMessage } from '../contract/auth.schema.ts';
import type { Logger } from '../logger.ts';

/** What a gateway said when it took a message: its id for it and its answer, for the outbox row. */
export type Accepted = { providerId: string | null; response: string | null };

/**
 * How a gateway's "no" is handled (docs/decisions/070-message-delivery.md):
 * - `transient`: it did not take the message (4xx SMTP, 5xx HTTP, connection refused,
 *   a timeout before the request was out): tried again after a pause;
 * - `permanent`: it will never take it (SMTP 5xx, Twilio 400 such as an invalid number):
 *   failed at once, without using up the remaining attempts;
 * - `uncertain`: the request was out and no answer came back: it may have been accepted,
 *   so it is failed and never sent again automatically (an admin may retry it).
 */
export type Refusal = 'transient' | 'permanent' | 'uncertain';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly refusal: Refusal,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Any other error a sender throws is a transient one. */
export const refusalOf = (error: unknown): Refusal => (error instanceof DeliveryError ? error.refusal : 'transient');

/**
 * The port a gateway plugs into (SMTP for e-mail, an SMS provider for phones).
 * `send` resolves once the gateway accepted the message and throws when it did
 * not (a DeliveryError says how); the worker records either outcome.
 */
export type MessageSender = { send(message: OutboxMessage): Promise<Accepted> };

const NOTHING: Accepted = { providerId: null, response: null };

/** No gateway configured: the outbox table is the record; the log says a message was "sent", without its text. */
export const createLogSender = (log: Logger): MessageSender => ({
  async send(message) {
    log.info('outbox message recorded (no gateway configured)', { id: message.id, channel: message.channel });
    return NOTHING;
  },
});

/** One sender per channel: e-mail and SMS go to different gateways. */
export const senderPerChannel = (senders: Record<OutboxMessage['channel'], MessageSender>): MessageSender => ({
  send: (message) => senders[message.channel].send(message),
});

/** For tests: keeps what it was given. */
export function createRecordingSender(): MessageSender & { sent: OutboxMessage[] } {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return NOTHING;
    },
  };
}
