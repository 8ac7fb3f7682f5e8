import * as v from 'valibot';
import type { SmsSettings } from '../env.ts';
import { errorText } from '../logger.ts';
import { httpPost, HttpPostError } from './http-post.ts';
import { DeliveryError, type MessageSender } from './sender.ts';

/** Every call to the gateway is over within this. */
const SEND_TIMEOUT_MS = 15_000;

/** Twilio's 201 answer to a new message: only what we keep is checked. */
const CreatedSchema = v.object({
  sid: v.pipe(v.string(), v.regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'sid is not a message sid')),
  status: v.picklist(
    ['accepted', 'scheduled', 'queued', 'sending', 'sent', 'delivered'],
    'status is not one of a message just taken',
  ),
});

/** Twilio's error answer (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
const ErrorSchema = v.object({ code: v.optional(v.nullable(v.number())), message: v.optional(v.string()) });

const MESSAGING_SERVICE = /^MG[0-9a-fA-F]{32}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refusedText(status: number, body: string): string {
  const parsed = v.safeParse(ErrorSchema, parseJson(body));
  const detail =
    parsed.success && parsed.output.message
      ? `${parsed.output.message}${parsed.output.code ? ` (Twilio error ${parsed.output.code})` : ''}`
      : body.slice(0, 200);
  return `SMS gateway refused with ${status}: ${detail}`.replace(/\s+/g, ' ').trim();
}

/**
 * SMS through Twilio's Messages API or a gateway that speaks it
 * (POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, Basic auth).
 * Twilio has no idempotency key for messages, so (docs/decisions/070):
 * - 201 with a valid body: accepted, its sid kept;
 * - 400 (an invalid or unsubscribed number): refused for good;
 * - 401/403/404, 429, 5xx, a refused connection, a timeout before the request was out: tried again later;
 * - a timeout or a broken connection after the request was out: uncertain, never sent again automatically;
 * - 201 with a body we cannot read: the gateway took it, kept as accepted with no sid.
 */
export function createTwilioSender(
  settings: SmsSettings,
  { timeoutMs = SEND_TIMEOUT_MS }: { timeoutMs?: number } = {},
): MessageSender {
  const url = new URL(
    `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
  );
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender = MESSAGING_SERVICE.test(settings.from)
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };
  return {
    async send(message) {
      const form = new URLSearchParams({ To: message.to, ...sender, Body: message.text }).toString();
      let answer: Awaited<ReturnType<typeof httpPost>>;
      try {
        answer = await httpPost(
          url,
          form,
          { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          timeoutMs,
        );
      } catch (error) {
        if (error instanceof HttpPostError && error.requestSent) {
          throw new DeliveryError(
            `SMS gateway: ${error.message} after the request was sent; it may have been accepted, so it is not sent again automatically`,
            'uncertain',
          );
        }
        throw new DeliveryError(`SMS gateway unreachable: ${errorText(error)}`, 'transient');
      }
      if (answer.status === 200 || answer.status === 201) {
        const created = v.safeParse(CreatedSchema, parseJson(answer.body));
        if (!created.success)
          return { providerId: null, response: `${answer.status}; unreadable answer: ${created.issues[0].message}` };
        return { providerId: created.output.sid, response: created.output.status };
      }
      throw new DeliveryError(
        refusedText(answer.status, answer.body),
        answer.status === 400 ? 'permanent' : 'transient',
      );
    },
  };
}
