import type { ReactNode } from 'react';
import type { DeliverySetup } from '../../lib/contract.ts';
import { t, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

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

/** A message with `{name}` placeholders, each drawn as a setting's name. */
const withNames = (text: string, names: Record<string, string>) =>
  text.split(/(\{\w+\})/).map((part, index) => {
    const name = names[part.slice(1, -1)];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, drawn whole.
    return part.startsWith('{') && name ? <Name key={index}>{name}</Name> : part;
  });

const OUTBOX_PATH = '/api/dev/outbox?to=ADDRESS';

/**
 * Said on the Delivery tab when a channel has no gateway (issue 28): its messages (sign-up
 * codes, reset links, notices) are only recorded on the server and nobody receives them, and
 * which settings make them go out. Names of settings only; the server never sends their values.
 */
export function DeliverySetupNotice({ delivery }: { delivery: DeliverySetup }) {
  const channels = undelivered(delivery);
  const { t } = useT(enAdmin);
  if (!channels) return null;
  return (
    <div
      role="note"
      aria-labelledby="delivery-setup-title"
      className="mb-5 grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p id="delivery-setup-title" className="text-base font-semibold">
        {t(`admin.delivery.notDelivered.${channels}`)}
      </p>
      <p>
        {t(channels === 'both' ? 'admin.delivery.noGatewayEither' : 'admin.delivery.noGatewayIt')}{' '}
        {t(delivery.devOutbox ? 'admin.delivery.nobodyReceives' : 'admin.delivery.nobodyReceivesCode')}
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {delivery.email === 'log' && (
          <li>
            {withNames(t('admin.delivery.sendEmail'), {
              smtp: 'SMTP_URL',
              example: 'smtps://user:password@smtp.example.com:465',
              from: 'MAIL_FROM',
            })}
          </li>
        )}
        {delivery.sms === 'log' && (
          <li>
            {withNames(t('admin.delivery.sendSms'), {
              sid: 'TWILIO_ACCOUNT_SID',
              token: 'TWILIO_AUTH_TOKEN',
              from: 'SMS_FROM',
            })}
          </li>
        )}
        <li>{t('admin.delivery.restart')}</li>
      </ul>
      <p>
        {delivery.devOutbox
          ? withNames(t('admin.delivery.devOutboxOn'), { path: OUTBOX_PATH })
          : withNames(t('admin.delivery.devOutboxTry'), { flag: 'EFIE_DEV_OUTBOX=1', path: OUTBOX_PATH })}
      </p>
    </div>
  );
}

/** What the empty list of failed messages means: nothing failed, but what was not delivered is said too. */
export function nothingFailedText(delivery: DeliverySetup): string {
  const channels = undelivered(delivery);
  if (!channels) return t('admin.delivery.allDelivered');
  if (channels === 'both') return t('admin.delivery.nothingDelivered');
  return t(`admin.delivery.onlyRecorded.${channels}`);
}
