import type { DeliverySetup } from '../contract/outbox.schema.ts';

const EMAIL_SETTING = 'SMTP_URL for e-mail (such as smtps://user:password@smtp.example.com:465)';
const SMS_SETTINGS = 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM for SMS';

/**
 * The start-up's one line when a channel has no gateway (issue 28): a newcomer's sign-up
 * code is only recorded, so say so, how to read it on this machine (the dev outbox; never
 * offered in production, where it cannot be on) and which settings deliver it.
 * Undefined when every channel has its gateway.
 */
export function undeliveredNotice(
  setup: DeliverySetup,
  { origin, production }: { origin: string; production: boolean },
): string | undefined {
  const email = setup.email === 'log';
  const sms = setup.sms === 'log';
  if (!email && !sms) return undefined;
  const what = email && sms ? 'Messages are' : email ? 'E-mails are' : 'SMS are';
  const settings = [email ? EMAIL_SETTING : null, sms ? SMS_SETTINGS : null].filter(Boolean).join(', and ');
  const outbox = `${origin}/api/dev/outbox?to=ADDRESS`;
  const read = production
    ? ''
    : setup.devOutbox
      ? ` Read them on this machine at ${outbox}.`
      : ` To read them on this machine, start with EFIE_DEV_OUTBOX=1 and open ${outbox}.`;
  return `${what} not delivered: no gateway is set, so sign-up codes, reset links and notices are only recorded.${read} To deliver them, set ${settings}.`;
}
