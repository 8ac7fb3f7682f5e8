import { useState } from 'react';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AccessDenied } from './admin-properties-tab.tsx';
import { DEFAULT_TIMEFRAME, type AnalyticsTimeframe, type UsersAnalytics } from './analytics-contract.ts';
import { count } from './analytics-format.ts';
import { RecentVisitorsSection } from './analytics-recent-visitors.tsx';
import { StatList } from './analytics-stats.tsx';
import { VisitorAnalyticsSection } from './analytics-visitors.tsx';
import { useUsersAnalytics } from './users-analytics.queries.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const refused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The admin panel's User Analytics tab (spec part 2): user counts, visitor analytics, recent visitors. */
export function AdminAnalyticsTab() {
  // Kept here, not in the section, so the choice survives switching tabs and back.
  const [days, setDays] = useState<AnalyticsTimeframe>(DEFAULT_TIMEFRAME);
  const users = useUsersAnalytics();
  const { t } = useT(enAdmin);
  // The server refuses non-admins on all three calls; one answer is enough to say so.
  if (refused(users.error)) return <AccessDenied />;
  return (
    // minmax(0, 1fr): the recent visitors' wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <h2 className="text-lg font-semibold">{t('admin.analytics.users')}</h2>
        {users.isPending && <Spinner label={t('admin.analytics.loadingUsers')} />}
        {users.isError && (
          <p className="mt-3 text-red-700">{errorText(users.error, t('admin.analytics.loadUsersFailed'))}</p>
        )}
        {users.data && (
          <div className="mt-3">
            <UserCounts users={users.data} />
          </div>
        )}
      </Card>
      <VisitorAnalyticsSection days={days} onDays={setDays} />
      <RecentVisitorsSection />
    </div>
  );
}

function UserCounts({ users }: { users: UsersAnalytics }) {
  const { t } = useT(enAdmin);
  return (
    <StatList
      stats={[
        { label: t('admin.analytics.totalUsers'), value: count(users.totalUsers) },
        { label: t('admin.analytics.renters'), value: count(users.byAccountType.renter) },
        { label: t('admin.analytics.owners'), value: count(users.byAccountType.owner) },
        { label: t('admin.analytics.agents'), value: count(users.byAccountType.agent) },
        { label: t('admin.analytics.ownersAndAgents'), value: count(users.byAccountType.both) },
        { label: t('admin.analytics.verified'), value: count(users.verifiedUsers) },
        { label: t('admin.analytics.admin'), value: count(users.admins) },
        { label: t('admin.analytics.newIn7'), value: count(users.newLast7Days) },
        { label: t('admin.analytics.newIn30'), value: count(users.newLast30Days) },
      ]}
    />
  );
}
