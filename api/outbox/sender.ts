import type { OutboxMessage } from '../contract/auth.schema.ts';
import type { Logger } from '../logger.ts';

/**
 * The port a real gateway plugs into (SMTP for e-mail, an SMS provider for
 * phones). `send` resolves once the gateway accepted the message and throws
 * when it did not; the worker retries later.
 */
export type MessageSender = { send(message: OutboxMessage): Promise<void> };

/** No gateway configured: the outbox table is the record; the log says a message was "sent", without its text. */
export const createLogSender = (log: Logger): MessageSender => ({
  async send(message) {
    log.info('outbox message recorded (no gateway configured)', { id: message.id, channel: message.channel });
  },
});

/** For tests: keeps what it was given. */
export function createRecordingSender(): MessageSender & { sent: OutboxMessage[] } {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
