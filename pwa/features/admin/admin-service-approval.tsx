import { Pager } from '../../ui/pager.tsx';
import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { isStatus } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/current-user.ts';
import type { ProviderCategory, ProviderStatus, ServiceProvider } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { tabTriggerClass } from '../../ui/tabs.tsx';
import { toast } from '../../ui/toast.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { useAdminProviders, useSetProviderStatus } from './admin-service-providers.queries.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { currentLanguage, localeTag, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const TABS: ProviderStatus[] = ['pending', 'approved', 'rejected'];

// The category names again: features do not import each other (services owns its copy for the public screens).
const CATEGORY_NAMES: Record<ProviderCategory, MessageId> = {
  contractor: 'admin.services.category.contractor',
  plumber: 'admin.services.category.plumber',
  electrician: 'admin.services.category.electrician',
  painter: 'admin.services.category.painter',
  gardener: 'admin.services.category.gardener',
};

/** /admin/service-approval: Pending, Approved and Rejected applications with counts (spec part 2 §2, §4). */
export function AdminServiceApproval() {
  const auth = useAuth();
  const [status, setStatus] = useState<ProviderStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminProviders({ status, page });
  const { t } = useT(enAdmin);
  if (auth.status === 'loading') return <CenteredSpinner />;
  const denied = auth.status === 'unauthenticated' || isStatus(list.error, 403) || isStatus(list.error, 401);
  const counts = list.data?.counts;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub={t('admin.services.sub')}>{t('admin.serviceApproval')}</PageTitle>
      {denied ? (
        <AccessDenied />
      ) : (
        <Tabs.Root
          value={status}
          onValueChange={(value) => {
            setStatus(value as ProviderStatus);
            setPage(1);
          }}
        >
          <Tabs.List
            aria-label={t('admin.services.byStatus')}
            className="mb-6 flex max-w-lg gap-1 rounded-lg bg-stone-100 p-1"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className={tabTriggerClass}>
                {t(`admin.services.tab.${tab}`)} ({counts ? counts[tab] : '…'})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab} value={tab} className="grid gap-3">
              {list.isPending && <CenteredSpinner />}
              {list.isError && <p role="alert">{t('admin.services.loadFailed')}</p>}
              {list.data && list.data.providers.length === 0 && (
                <Card className="text-center">
                  <p className="text-stone-700">{t(`admin.services.none.${tab}`)}</p>
                </Card>
              )}
              <ul className="grid gap-3">
                {list.data?.providers.map((provider) => (
                  <li key={provider.id}>
                    <ApplicationCard provider={provider} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pages={pages} onPage={setPage} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}

const DONE: Record<string, MessageId> = {
  approve: 'admin.services.approved',
  reject: 'admin.services.rejected',
  revoke: 'admin.services.revoked',
};

function ApplicationCard({ provider }: { provider: ServiceProvider }) {
  const change = useSetProviderStatus();
  const { t, tn } = useT(enAdmin);
  const act = (action: keyof typeof DONE, status: ProviderStatus) =>
    change.mutate(
      { id: provider.id, status },
      {
        onSuccess: (answer) =>
          toast({
            title: t(DONE[action]!),
            description: answer.emailHeldBack
              ? t('admin.services.emailHeldBack', { name: provider.businessName })
              : provider.businessName,
          }),
        onError: () =>
          toast({ title: t('admin.error'), description: t('admin.services.updateFailed'), variant: 'destructive' }),
      },
    );
  return (
    <Card className="grid gap-3 lg:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2">
          <Badge tone={provider.status === 'approved' ? 'green' : provider.status === 'pending' ? 'amber' : 'neutral'}>
            {t(`admin.services.status.${provider.status}`)}
          </Badge>
          <Badge tone="blue">
            {CATEGORY_NAMES[provider.categoryId] ? t(CATEGORY_NAMES[provider.categoryId]) : provider.categoryId}
          </Badge>
          {provider.emergencyAvailable && <Badge tone="amber">{t('admin.services.emergency')}</Badge>}
        </div>
        <h3 className="mt-2 text-lg font-semibold">{provider.businessName}</h3>
        <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">{t('admin.services.contactPerson')}</dt>
          <dd>{provider.contactPerson}</dd>
          <dt className="text-stone-600">{t('admin.services.email')}</dt>
          <dd className="break-all">{provider.email}</dd>
          <dt className="text-stone-600">{t('admin.services.phone')}</dt>
          <dd>{provider.phone}</dd>
          <dt className="text-stone-600">{t('admin.services.address')}</dt>
          <dd>{provider.businessAddress}</dd>
          <dt className="text-stone-600">{t('admin.services.serviceArea')}</dt>
          <dd>{provider.serviceArea}</dd>
          <dt className="text-stone-600">{t('admin.services.experience')}</dt>
          <dd>{tn('admin.services.years', provider.yearsExperience)}</dd>
          <dt className="text-stone-600">{t('admin.services.services')}</dt>
          <dd>{provider.servicesOffered}</dd>
          {provider.description && (
            <>
              <dt className="text-stone-600">{t('admin.services.description')}</dt>
              <dd>{provider.description}</dd>
            </>
          )}
          <dt className="text-stone-600">{t('admin.services.applied')}</dt>
          <dd>
            {new Date(provider.createdAt).toLocaleDateString(currentLanguage().code === 'en' ? 'en-GB' : localeTag())}
          </dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {provider.status === 'pending' && (
          <>
            <Button disabled={change.isPending} onClick={() => act('approve', 'approved')}>
              {t('admin.services.approve')}
            </Button>
            <Button variant="danger" disabled={change.isPending} onClick={() => act('reject', 'rejected')}>
              {t('admin.services.reject')}
            </Button>
          </>
        )}
        {provider.status === 'approved' && (
          <ConfirmDialog
            title={t('admin.services.revokeTitle')}
            description={t('admin.services.revokeText', { name: provider.businessName })}
            confirmLabel={t('admin.services.revokeApproval')}
            trigger={
              <Button variant="danger" disabled={change.isPending}>
                {t('admin.services.revokeApproval')}
              </Button>
            }
            onConfirm={() => act('revoke', 'rejected')}
          />
        )}
        {provider.status === 'rejected' && (
          <Button disabled={change.isPending} onClick={() => act('approve', 'approved')}>
            {t('admin.services.approve')}
          </Button>
        )}
      </div>
    </Card>
  );
}
