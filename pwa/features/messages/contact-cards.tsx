import { SOCIAL_LINKS } from '../../lib/social-links.ts';
import { Card } from '../../ui/card.tsx';
import { ALL_ADDRESSES, INFO_ADDRESS, SUPPORT_ADDRESS } from './contact-details.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enMessages } from '../../i18n/en-messages.ts';

const mail = (address: string) => (
  <a href={`mailto:${address}`} className="break-all text-teal-800 underline underline-offset-2">
    {address}
  </a>
);

/** The left column of /contact: where to write, where to follow Efie, and who Efie is. */
export function ContactCards() {
  const { t } = useT(enMessages);
  return (
    <div className="grid content-start gap-4">
      <Card>
        <h2 className="text-lg font-semibold">{t('messages.supportCenter')}</h2>
        <p className="mt-1 text-sm">{mail(SUPPORT_ADDRESS)}</p>
        <p className="mt-1 text-sm text-stone-700">{t('messages.response')}</p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('messages.generalEnquiries')}</h2>
        <p className="mt-1 text-sm">{mail(INFO_ADDRESS)}</p>
        <p className="mt-1 text-sm text-stone-700">{t('messages.response')}</p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('messages.allEmails')}</h2>
        <dl className="mt-2 grid gap-2 text-sm">
          {ALL_ADDRESSES.map(({ label, address }) => (
            <div key={label}>
              <dt className="font-medium">{translateText(label)}</dt>
              <dd>{mail(address)}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('messages.followEfie')}</h2>
        <ul aria-label={t('messages.socialMedia')} className="mt-2 flex flex-wrap gap-2 text-sm">
          {SOCIAL_LINKS.map(({ label, href }) => (
            <li key={label}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center rounded-md border border-stone-300 px-3 hover:bg-stone-100"
              >
                {label}
                <span className="sr-only">{t('messages.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="border-emerald-200 bg-emerald-50">
        <h2 className="text-lg font-semibold">{t('messages.verifiedBusiness')}</h2>
        <p className="mt-1 text-sm">{t('messages.verifiedText')}</p>
      </Card>
    </div>
  );
}
