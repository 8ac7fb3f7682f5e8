import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/current-user.ts';
import { capitalize, longDate } from '../../lib/format.ts';
import { buttonClass } from '../../ui/button.tsx';
import { AgentLicenseBadge } from '../../ui/agent-license-badge.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { VerifyAddress } from './verify-address.tsx';
import { t, useT } from '../../i18n/i18n.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { enAccount } from '../../i18n/en-account.ts';

/** "Renter", "Locataire": an account type as the summary names it (capitalised when the catalog has none). */
const accountTypeLabel = (type: string) => {
  const text = t(`account.type.${type}` as MessageId);
  return text.startsWith('account.type.') ? capitalize(type) : text;
};

export function AccountSettings() {
  const auth = useAuth();
  const { t } = useT(enAccount);
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('account.authRequired')}</h1>
        <p className="mt-2 text-stone-700">{t('account.pleaseSignIn')}</p>
        <Link to="/login" className={buttonClass('primary', 'mt-4')}>
          {t('account.signIn')}
        </Link>
      </div>
    );
  }
  const user = auth.user;
  const canList = user.userType === 'owner' || user.userType === 'both';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub={t('account.sub')}>{t('account.title')}</PageTitle>
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="grid gap-6">
          {/* Keyed by the saved values: the server's fresh copy (after a start from the device's cache) refills the form. */}
          <ProfileCard
            key={[
              user.id,
              user.firstName,
              user.lastName,
              user.email,
              user.phone,
              user.businessName,
              user.licenseNumber,
            ].join('|')}
            user={user}
          />
          <SecurityCard />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="text-lg font-semibold">{t('account.summary')}</h2>
            <dl className="mt-4 grid gap-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <dt>{t('account.status')}</dt>
                <dd>
                  <Badge tone={user.isVerified ? 'green' : 'amber'}>
                    {user.isVerified ? t('account.verified') : t('account.unverified')}
                  </Badge>
                </dd>
              </div>
              <div className="flex items-center justify-between gap-2">
                <dt>{t('account.type')}</dt>
                <dd>{accountTypeLabel(user.userType || 'renter')}</dd>
              </div>
              {user.userType === 'agent' && (
                <div className="flex items-center justify-between gap-2">
                  <dt>{t('account.rentersSee')}</dt>
                  <dd>
                    <AgentLicenseBadge label={user.licenseStatus === 'verified' ? 'verified' : 'unverified'} />
                  </dd>
                </div>
              )}
              {user.isAdmin && (
                <div className="flex items-center justify-between gap-2">
                  <dt>{t('account.role')}</dt>
                  <dd>
                    <Badge tone="blue">{t('account.administrator')}</Badge>
                  </dd>
                </div>
              )}
              <div className="flex items-center justify-between gap-2">
                <dt>{t('account.memberSince')}</dt>
                <dd>{longDate(user.createdAt)}</dd>
              </div>
            </dl>
            {user.email && !user.emailVerified && <VerifyAddress address="email" to={user.email} />}
            {user.phone && !user.phoneVerified && <VerifyAddress address="phone" to={user.phone} />}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">{t('account.quickActions')}</h2>
            <div className="mt-4 grid gap-2">
              <Link to="/dashboard" className={buttonClass('secondary', 'w-full')}>
                {t('account.goDashboard')}
              </Link>
              {canList && (
                <Link to="/list-property" className={buttonClass('secondary', 'w-full')}>
                  {t('account.listNew')}
                </Link>
              )}
              <Link to="/support" className={buttonClass('secondary', 'w-full')}>
                {t('account.contactSupport')}
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}
