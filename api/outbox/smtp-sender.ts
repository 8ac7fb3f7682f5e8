import { createTransport } from 'nodemailer';
import type { NodemailerError } from 'nodemailer';
import type { OutboxMessage } from '../contract/auth.schema.ts';
import { emailHtml, emailText } from './email-html.ts';
import { DeliveryError, type MessageSender } from './sender.ts';

/** linkOrigin: PUBLIC_ORIGIN, the only origin whose links the HTML part makes clickable. */
export type SmtpSettings = { url: string; from: string; linkOrigin?: string };

/** Every send is over within this (connecting, the greeting, and silence on the line have their own, shorter limits). */
const SEND_TIMEOUT_MS = 30_000;

/** The domain of the From address: Message-IDs are `<outbox id@domain>`. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'efie.app';
}

/** The Message-ID of an outbox message: the same on every attempt, so a duplicate is recognisable. */
export const messageIdOf = (outboxId: string, from: string) => `<${outboxId}@${messageIdDomain(from)}>`;

/**
 * How an SMTP failure is handled (docs/decisions/070): a 5xx reply (except 503,
 * and 535 bad credentials, which an operator fixes) is a permanent refusal; a
 * 4xx reply, a refused or dropped connection and a timeout are tried again.
 * A timeout waiting for the final reply may come after the server took the
 * message: the retry carries the same Message-ID, so such a duplicate is
 * recognisable (mail systems drop a second copy with an identical id).
 */
function toDeliveryError(error: unknown, timeoutMs: number): DeliveryError {
  const e = error as NodemailerError;
  if (e.code === 'EABORT') return new DeliveryError(`SMTP: no answer within ${timeoutMs} ms`, 'transient');
  const reply =
    e.responseCode !== undefined
      ? ` (${e.responseCode}${e.command ? ` on ${e.command}` : ''})`
      : e.code
        ? ` (${e.code})`
        : '';
  const message = `SMTP: ${e.message ?? String(error)}${reply}`.replace(/\s+/g, ' ').slice(0, 500);
  const permanent = e.permanent === true && e.code !== 'EAUTH';
  return new DeliveryError(message, permanent ? 'permanent' : 'transient');
}

/** E-mail over SMTP (nodemailer): a plain-text part, a simple HTML part, and a Message-ID derived from the outbox id. */
export function createSmtpSender(
  settings: SmtpSettings,
  { timeoutMs = SEND_TIMEOUT_MS }: { timeoutMs?: number } = {},
): MessageSender {
  const transport = createTransport({
    url: settings.url,
    // Each wait ends before the whole send's limit, so the error says which one it was.
    connectionTimeout: Math.min(10_000, timeoutMs / 3),
    greetingTimeout: Math.min(10_000, timeoutMs / 3),
    socketTimeout: Math.min(20_000, timeoutMs / 2),
    // nodemailer logs nothing unless asked: the URL's password never reaches a log.
    logger: false,
  });
  return {
    async send(message: OutboxMessage) {
      const subject = message.subject ?? 'A message from Efie';
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject,
          text: emailText(message.text),
          html: emailHtml(subject, message.text, settings.linkOrigin),
          messageId: messageIdOf(message.id, settings.from),
          headers: { 'X-Efie-Outbox-Id': message.id },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (info.accepted.length === 0)
          throw new DeliveryError(`SMTP: the server refused the recipient (${info.response})`, 'permanent');
        return { providerId: info.messageId, response: info.response.slice(0, 500) };
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        throw toDeliveryError(error, timeoutMs);
      }
    },
  };
}
