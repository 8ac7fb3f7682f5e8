import type { ReactNode } from 'react';
import type { DeliverySetup } from '../../lib/contract.ts';

const Name = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-amber-100 px-1 font-mono text-[0.85em] [overflow-wrap:anywhere]">{children}</code>
);

type Undelivered = 'email' | 'sms' | 'both';

/** The channels that only record their messages (no gateway), or null when both deliver. */
function undelivered(delivery: DeliverySetup): Undelivered | null {
  const email = delivery.email === 'log';
  const sms = delivery.sms === 'log';
  return email && sms ? 'both' : email ? 'email' : sms ? 'sms' : null;
}

const CHANNELS: Record<Undelivered, string> = { email: 'E-mail', sms: 'SMS', both: 'E-mail and SMS' };

/**
 * Said on the Delivery tab when a channel has no gateway (issue 28): its messages (sign-up
 * codes, reset links, notices) are only recorded on the server and nobody receives them, and
 * which settings make them go out. Names of settings only; the server never sends their values.
 */
export function DeliverySetupNotice({ delivery }: { delivery: DeliverySetup }) {
  const channels = undelivered(delivery);
  if (!channels) return null;
  return (
    <div
      role="note"
      aria-labelledby="delivery-setup-title"
      className="mb-5 grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p id="delivery-setup-title" className="text-base font-semibold">
        {CHANNELS[channels]} {channels === 'email' ? 'is' : 'are'} not delivered
      </p>
      <p>
        No gateway is configured for {channels === 'both' ? 'either' : 'it'}: sign-up codes, reset links and notices are
        only recorded on the server. Nobody receives them
        {delivery.devOutbox ? '' : ', so people who sign up cannot get their code'}.
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {delivery.email === 'log' && (
          <li>
            To send e-mail, set <Name>SMTP_URL</Name> (such as <Name>smtps://user:password@smtp.example.com:465</Name>),
            and <Name>MAIL_FROM</Name> if you like.
          </li>
        )}
        {delivery.sms === 'log' && (
          <li>
            To send SMS, set <Name>TWILIO_ACCOUNT_SID</Name>, <Name>TWILIO_AUTH_TOKEN</Name> and <Name>SMS_FROM</Name>.
          </li>
        )}
        <li>Then restart the server.</li>
      </ul>
      <p>
        {delivery.devOutbox ? (
          <>
            The dev outbox is on: on the server's own machine, codes and links can be read at{' '}
            <Name>/api/dev/outbox?to=ADDRESS</Name>.
          </>
        ) : (
          <>
            To try Efie on your own machine without a gateway, start the server with <Name>EFIE_DEV_OUTBOX=1</Name> and
            read codes and links at <Name>/api/dev/outbox?to=ADDRESS</Name>.
          </>
        )}
      </p>
    </div>
  );
}

/** What the empty list of failed messages means: nothing failed, but what was not delivered is said too. */
export function nothingFailedText(delivery: DeliverySetup): string {
  const channels = undelivered(delivery);
  if (!channels) return 'Every message was delivered. Nothing has failed.';
  if (channels === 'both')
    return 'Nothing has failed, but nothing was delivered either: no gateway is configured (see above).';
  return `Nothing has failed. ${channels === 'sms' ? 'SMS are' : 'E-mails are'} only recorded, not delivered (see above).`;
}
