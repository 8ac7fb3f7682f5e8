import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useAuth } from '../../lib/current-user.ts';
import { PageTitle } from '../../ui/card.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { tabTriggerClass } from '../../ui/tabs.tsx';
import { AdminAgentsTab } from './admin-agents-tab.tsx';
import { AdminReportsTab } from './admin-reports-tab.tsx';
import { AdminReviewsTab } from './admin-reviews-tab.tsx';
import { AdminAnalyticsTab } from './admin-analytics-tab.tsx';
import { AdminDeliveryTab } from './admin-delivery-tab.tsx';
import { AdminFeaturedTab } from './admin-featured-tab.tsx';
import { AdminManagementTab } from './admin-management-tab.tsx';
import { AdminMessagesTab } from './admin-messages-tab.tsx';
import { AccessDenied, AdminPropertiesTab } from './admin-properties-tab.tsx';
import { AdminQueueLinks } from './admin-queue-links.tsx';
import { AdminSettingsTab } from './admin-settings-tab.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

/** /admin/image-approval. `videosWaiting`: the videos feature's count, put in by the route. */
export function AdminPanel({ videosWaiting }: { videosWaiting?: ReactNode } = {}) {
  const auth = useAuth();
  const { t } = useT(enAdmin);
  if (auth.status === 'loading') return <CenteredSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub={t('admin.sub')}>{t('admin.title')}</PageTitle>
      {/* The server refuses non-admins; the Properties tab then shows Access Denied. */}
      {auth.status === 'unauthenticated' ? (
        <AccessDenied />
      ) : (
        <>
          {auth.user.isAdmin && <AdminQueueLinks videosWaiting={videosWaiting} />}
          <Tabs.Root defaultValue="properties">
            <Tabs.List
              aria-label={t('admin.sections')}
              className="mb-6 flex flex-wrap gap-1 rounded-lg bg-stone-100 p-1"
            >
              <Tabs.Trigger value="properties" className={tabTriggerClass}>
                {t('admin.tabProperties')}
              </Tabs.Trigger>
              <Tabs.Trigger value="featured" className={tabTriggerClass}>
                {t('admin.tabFeatured')}
              </Tabs.Trigger>
              <Tabs.Trigger value="management" className={tabTriggerClass}>
                {t('admin.tabManagement')}
              </Tabs.Trigger>
              <Tabs.Trigger value="analytics" className={tabTriggerClass}>
                {t('admin.tabAnalytics')}
              </Tabs.Trigger>
              <Tabs.Trigger value="settings" className={tabTriggerClass}>
                {t('admin.tabSettings')}
              </Tabs.Trigger>
              {/* The project's own tabs (not in the spec) after the spec's five. */}
              <Tabs.Trigger value="messages" className={tabTriggerClass}>
                {t('admin.tabMessages')}
              </Tabs.Trigger>
              <Tabs.Trigger value="reports" className={tabTriggerClass}>
                {t('admin.tabReports')}
              </Tabs.Trigger>
              <Tabs.Trigger value="reviews" className={tabTriggerClass}>
                {t('admin.tabReviews')}
              </Tabs.Trigger>
              <Tabs.Trigger value="agents" className={tabTriggerClass}>
                {t('admin.tabAgents')}
              </Tabs.Trigger>
              <Tabs.Trigger value="delivery" className={tabTriggerClass}>
                {t('admin.tabDelivery')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="properties">
              <AdminPropertiesTab />
            </Tabs.Content>
            <Tabs.Content value="featured">
              <AdminFeaturedTab />
            </Tabs.Content>
            <Tabs.Content value="management">
              <AdminManagementTab user={auth.user} />
            </Tabs.Content>
            <Tabs.Content value="analytics">
              <AdminAnalyticsTab />
            </Tabs.Content>
            <Tabs.Content value="settings">
              <AdminSettingsTab user={auth.user} />
            </Tabs.Content>
            <Tabs.Content value="messages">
              <AdminMessagesTab />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <AdminReportsTab />
            </Tabs.Content>
            <Tabs.Content value="reviews">
              <AdminReviewsTab />
            </Tabs.Content>
            <Tabs.Content value="agents">
              <AdminAgentsTab />
            </Tabs.Content>
            <Tabs.Content value="delivery">
              <AdminDeliveryTab />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </div>
  );
}
