import { SOCIAL_LINKS } from '../../lib/social-links.ts';
import { Card } from '../../ui/card.tsx';
import { ALL_ADDRESSES, INFO_ADDRESS, SUPPORT_ADDRESS } from './contact-details.ts';

const mail = (address: string) => (
  <a href={`mailto:${address}`} className="break-all text-teal-800 underline underline-offset-2">
    {address}
  </a>
);

/** The left column of /contact: where to write, where to follow Efie, and who Efie is. */
export function ContactCards() {
  return (
    <div className="grid content-start gap-4">
      <Card>
        <h2 className="text-lg font-semibold">Support Center</h2>
        <p className="mt-1 text-sm">{mail(SUPPORT_ADDRESS)}</p>
        <p className="mt-1 text-sm text-stone-700">Response: 24-48 hours</p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">General Enquiries</h2>
        <p className="mt-1 text-sm">{mail(INFO_ADDRESS)}</p>
        <p className="mt-1 text-sm text-stone-700">Response: 24-48 hours</p>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">All Contact Emails</h2>
        <dl className="mt-2 grid gap-2 text-sm">
          {ALL_ADDRESSES.map(({ label, address }) => (
            <div key={label}>
              <dt className="font-medium">{label}</dt>
              <dd>{mail(address)}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Follow Efie</h2>
        <ul aria-label="Efie on social media" className="mt-2 flex flex-wrap gap-2 text-sm">
          {SOCIAL_LINKS.map(({ label, href }) => (
            <li key={label}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center rounded-md border border-stone-300 px-3 hover:bg-stone-100"
              >
                {label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="border-emerald-200 bg-emerald-50">
        <h2 className="text-lg font-semibold">Verified Business</h2>
        <p className="mt-1 text-sm">
          Efie is a registered business entity providing secure rental marketplace services. We connect renters with
          hosts and never handle rent money.
        </p>
      </Card>
    </div>
  );
}
