import type { Context } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { SupportMessageContent } from '../../events/support-message/support-message.events.ts';
import { messageReference } from '../../events/support-message/message-reference.ts';
import type { AppDeps } from '../app-deps.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { MessageReceipt } from '../contract/messages.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { clientKeyOf, sendLimits } from '../limits/send-limits.ts';
import { messageLimits, tooManyMessages } from './message-rate-limit.ts';
import { supportMessageCommands } from './support-message-commands.ts';
import { acknowledgement, teamNotice } from './team-messages.ts';

export const RECEIVED_TEXT = {
  support: "Message Sent Successfully. We'll get back to you within 24 hours.",
  contact: "Message Sent Successfully. We'll get back to you within 24-48 hours. Thank you for contacting Efie!",
} as const;

const receipt = (id: string, reference: string, form: SupportMessageContent['form']): MessageReceipt => ({
  id,
  reference,
  message: RECEIVED_TEXT[form],
});

/**
 * Receives a support or contact message: the id comes from the caller's Idempotency-Key (a
 * replay, however late, names the same message and reference and counts nothing); the event,
 * the limit and both outbox messages (team, sender) are written in one transaction, so a
 * message is never stored without being passed on, nor passed on twice.
 */
export async function receiveMessage(
  deps: Pick<AppDeps, 'store' | 'clock' | 'outbox' | 'config'>,
  c: Context<AppEnv>,
  content: SupportMessageContent,
) {
  const { store, clock, outbox, config } = deps;
  const id = newRecordId(c.var.idempotency, 'support-message');
  const reference = messageReference(id);
  const limiter = createRateLimiter(clock);
  const client = clientKeyOf(c, config.devOutbox);
  try {
    // With the request's key: a replay whose stored HTTP answer is gone finds the append's record (and a changed body is refused).
    await runCommand(
      store,
      requestOrigin(c.var),
      supportMessageCommands,
      id,
      { type: 'ReceiveMessage', messageId: id, reference, content, at: clock().toISOString() },
      {
        // In the append's transaction: a refused limit (429) stores nothing, and a stored message is always passed on.
        async alongside(tx) {
          await limiter.take(tx, messageLimits(content, client), tooManyMessages);
          await outbox.enqueue(teamNotice(content, reference, config.supportEmail), tx);
          const ack = acknowledgement(content, reference);
          // The acknowledgement goes to an address nobody has proven: it counts against that address's
          // limit on what Efie sends (api/limits/send-limits.ts), and past it the message is still taken, unacknowledged.
          if (ack && !(await limiter.attempt(tx, sendLimits({ channel: ack.channel, to: ack.to }))))
            await outbox.enqueue(ack, tx);
        },
      },
    );
  } catch (error) {
    // The same key's first attempt committed between the runner's replay check and its read: it is this message.
    if (!(error instanceof DomainError && error.code === 'message_exists')) throw error;
  }
  return receipt(id, reference, content.form);
}
