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

export function AccountSettings() {
  const auth = useAuth();
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-stone-700">Please sign in to access your account settings.</p>
        <Link to="/login" className={buttonClass('primary', 'mt-4')}>
          Sign In
        </Link>
      </div>
    );
  }
  const user = auth.user;
  const canList = user.userType === 'owner' || user.userType === 'both';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub="Manage your profile, business details and password.">Account Settings</PageTitle>
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
            <h2 className="text-lg font-semibold">Account Summary</h2>
            <dl className="mt-4 grid gap-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <dt>Account Status</dt>
                <dd>
                  <Badge tone={user.isVerified ? 'green' : 'amber'}>
                    {user.isVerified ? 'Verified' : 'Unverified'}
                  </Badge>
                </dd>
              </div>
              <div className="flex items-center justify-between gap-2">
                <dt>Account Type</dt>
                <dd>{capitalize(user.userType || 'renter')}</dd>
              </div>
              {user.userType === 'agent' && (
                <div className="flex items-center justify-between gap-2">
                  <dt>Renters see</dt>
                  <dd>
                    <AgentLicenseBadge label={user.licenseStatus === 'verified' ? 'verified' : 'unverified'} />
                  </dd>
                </div>
              )}
              {user.isAdmin && (
                <div className="flex items-center justify-between gap-2">
                  <dt>Role</dt>
                  <dd>
                    <Badge tone="blue">Administrator</Badge>
                  </dd>
                </div>
              )}
              <div className="flex items-center justify-between gap-2">
                <dt>Member since</dt>
                <dd>{longDate(user.createdAt)}</dd>
              </div>
            </dl>
            {user.email && !user.emailVerified && <VerifyAddress address="email" to={user.email} />}
            {user.phone && !user.phoneVerified && <VerifyAddress address="phone" to={user.phone} />}
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">Quick Actions</h2>
            <div className="mt-4 grid gap-2">
              <Link to="/dashboard" className={buttonClass('secondary', 'w-full')}>
                Go to Dashboard
              </Link>
              {canList && (
                <Link to="/list-property" className={buttonClass('secondary', 'w-full')}>
                  List New Property
                </Link>
              )}
              <Link to="/support" className={buttonClass('secondary', 'w-full')}>
                Contact Support
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
}
