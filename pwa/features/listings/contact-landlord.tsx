import { Link } from '@tanstack/react-router';
import { isStatus } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/current-user.ts';
import { useProperty } from '../../lib/queries/property.queries.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { SafetyNote } from '../../ui/safety-note.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

const SUPPORT_EMAIL = 'support@efie.app';
const SUPPORT_PHONE = '+233302000000';

export function ContactLandlord({ id }: { id: string }) {
  const auth = useAuth();
  const property = useProperty(id);
  const { t } = useT(enListing);
  if (auth.status === 'loading' || property.isPending) return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <h1 className="text-xl font-bold">{t('listing.signUpRequired')}</h1>
          <p className="mt-2 text-stone-700">{t('listing.signUpToSee')}</p>
          <Link
            to="/register"
            search={{ action: 'contact', propertyId: id }}
            className={buttonClass('primary', 'mt-4')}
          >
            {t('listing.signUp')}
          </Link>
        </Card>
      </div>
    );
  }
  if (property.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('listing.notFound')}</h1>
        <p className="mt-2 text-stone-700">{t('listing.notFoundText')}</p>
        {!isStatus(property.error, 404) && <p className="text-sm text-stone-700">({property.error.message})</p>}
        <Link to="/search" className={buttonClass('primary', 'mt-4')}>
          {t('listing.backToSearch')}
        </Link>
      </div>
    );
  }
  const data = property.data;
  const agent = data.ownerUserType === 'agent';
  const live = data.isVerified && data.isActive;
  const name = data.ownerBusinessName || [data.ownerFirstName, data.ownerLastName].filter(Boolean).join(' ');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageTitle sub={data.title}>{agent ? t('listing.contactAgent') : t('listing.contactLandlord')}</PageTitle>
      <SafetyNote className="mb-4" />
      {live ? (
        <Card className="grid gap-3">
          {name && <p className="text-lg font-semibold">{name}</p>}
          {data.ownerEmail && (
            <a href={`mailto:${data.ownerEmail}`} className={buttonClass('primary')}>
              {t('listing.emailTo', { email: data.ownerEmail })}
            </a>
          )}
          {data.ownerPhone && (
            <a href={`tel:${data.ownerPhone}`} className={buttonClass('secondary')}>
              {t('listing.callNumber', { phone: data.ownerPhone })}
            </a>
          )}
          {!data.ownerEmail && !data.ownerPhone && (
            <p className="text-stone-700">{agent ? t('listing.agentNoDetails') : t('listing.landlordNoDetails')}</p>
          )}
        </Card>
      ) : (
        <Card>
          <h2 className="text-lg font-semibold">{t('listing.underReview')}</h2>
          <p className="mt-1 text-stone-700">{t('listing.detailsOnceApproved')}</p>
        </Card>
      )}
      <Card className="mt-6 grid gap-2">
        <h2 className="font-semibold">{t('listing.needHelp')}</h2>
        <div className="flex flex-wrap gap-2">
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass('secondary')}>
            {t('listing.emailTo', { email: SUPPORT_EMAIL })}
          </a>
          <a href={`tel:${SUPPORT_PHONE}`} className={buttonClass('secondary')}>
            {t('listing.callNumber', { phone: SUPPORT_PHONE })}
          </a>
        </div>
      </Card>
      <Link to="/property/$id" params={{ id }} className="mt-6 inline-block font-medium text-teal-800 hover:underline">
        {t('listing.backToProperty')}
      </Link>
    </div>
  );
}
