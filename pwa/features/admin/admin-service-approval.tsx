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

const TABS: { status: ProviderStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];

// The category names again: features do not import each other (services owns its copy for the public screens).
const CATEGORY_NAMES: Record<ProviderCategory, string> = {
  contractor: 'Building Contractor / Mason',
  plumber: 'Plumber',
  electrician: 'Electrician',
  painter: 'Painter',
  gardener: 'Gardener',
};

/** /admin/service-approval: Pending, Approved and Rejected applications with counts (spec part 2 §2, §4). */
export function AdminServiceApproval() {
  const auth = useAuth();
  const [status, setStatus] = useState<ProviderStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useAdminProviders({ status, page });
  if (auth.status === 'loading') return <CenteredSpinner />;
  const denied = auth.status === 'unauthenticated' || isStatus(list.error, 403) || isStatus(list.error, 401);
  const counts = list.data?.counts;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub="Review businesses that want to be listed in the service directory.">
        Service Provider Approval
      </PageTitle>
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
            aria-label="Applications by status"
            className="mb-6 flex max-w-lg gap-1 rounded-lg bg-stone-100 p-1"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.status} value={tab.status} className={tabTriggerClass}>
                {tab.label} ({counts ? counts[tab.status] : '…'})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.status} value={tab.status} className="grid gap-3">
              {list.isPending && <CenteredSpinner />}
              {list.isError && <p role="alert">The applications could not be loaded. Please try again.</p>}
              {list.data && list.data.providers.length === 0 && (
                <Card className="text-center">
                  <p className="text-stone-700">No {tab.label.toLowerCase()} applications.</p>
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

const DONE: Record<string, string> = {
  approve: 'Service provider approved',
  reject: 'Service provider rejected',
  revoke: 'Approval revoked',
};

function ApplicationCard({ provider }: { provider: ServiceProvider }) {
  const change = useSetProviderStatus();
  const act = (action: keyof typeof DONE, status: ProviderStatus) =>
    change.mutate(
      { id: provider.id, status },
      {
        onSuccess: (answer) =>
          toast({
            title: DONE[action]!,
            description: answer.emailHeldBack
              ? `${provider.businessName}. No e-mail was sent: Efie has sent this address as many messages as it may for now.`
              : provider.businessName,
          }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update service provider status', variant: 'destructive' }),
      },
    );
  return (
    <Card className="grid gap-3 lg:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2">
          <Badge tone={provider.status === 'approved' ? 'green' : provider.status === 'pending' ? 'amber' : 'neutral'}>
            {provider.status[0]!.toUpperCase() + provider.status.slice(1)}
          </Badge>
          <Badge tone="blue">{CATEGORY_NAMES[provider.categoryId]}</Badge>
          {provider.emergencyAvailable && <Badge tone="amber">Emergency Available</Badge>}
        </div>
        <h3 className="mt-2 text-lg font-semibold">{provider.businessName}</h3>
        <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">Contact person</dt>
          <dd>{provider.contactPerson}</dd>
          <dt className="text-stone-600">Email</dt>
          <dd className="break-all">{provider.email}</dd>
          <dt className="text-stone-600">Phone</dt>
          <dd>{provider.phone}</dd>
          <dt className="text-stone-600">Address</dt>
          <dd>{provider.businessAddress}</dd>
          <dt className="text-stone-600">Service area</dt>
          <dd>{provider.serviceArea}</dd>
          <dt className="text-stone-600">Experience</dt>
          <dd>{provider.yearsExperience} years</dd>
          <dt className="text-stone-600">Services</dt>
          <dd>{provider.servicesOffered}</dd>
          {provider.description && (
            <>
              <dt className="text-stone-600">Description</dt>
              <dd>{provider.description}</dd>
            </>
          )}
          <dt className="text-stone-600">Applied</dt>
          <dd>{new Date(provider.createdAt).toLocaleDateString('en-GB')}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {provider.status === 'pending' && (
          <>
            <Button disabled={change.isPending} onClick={() => act('approve', 'approved')}>
              Approve
            </Button>
            <Button variant="danger" disabled={change.isPending} onClick={() => act('reject', 'rejected')}>
              Reject
            </Button>
          </>
        )}
        {provider.status === 'approved' && (
          <ConfirmDialog
            title="Revoke approval?"
            description={`${provider.businessName} will no longer show in the service directory. The business is told by e-mail.`}
            confirmLabel="Revoke Approval"
            trigger={
              <Button variant="danger" disabled={change.isPending}>
                Revoke Approval
              </Button>
            }
            onConfirm={() => act('revoke', 'rejected')}
          />
        )}
        {provider.status === 'rejected' && (
          <Button disabled={change.isPending} onClick={() => act('approve', 'approved')}>
            Approve
          </Button>
        )}
      </div>
    </Card>
  );
}
