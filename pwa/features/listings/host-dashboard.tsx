import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu, Tabs } from 'radix-ui';
import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { formatPrice, imageList, periodLabel } from '../../lib/format.ts';
import { useMyProperties } from '../../lib/queries/my-properties.queries.ts';
import { useUnreadMessages } from '../../lib/queries/unread-messages.queries.ts';
import { contactCountText, useListingContactCounts } from './listing-contacts.queries.ts';
import { HostAnalytics } from './host-analytics.tsx';
import { hostRating } from './host-rating.ts';
import { ConfirmPrompt, FreshnessRow } from './listing-freshness.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { Badge, Card, PageTitle } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ListImage } from '../../ui/list-image.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { tabListClass, tabTriggerClass } from '../../ui/tabs.tsx';
import { toast } from '../../ui/toast.ts';
import { useDeleteProperty } from './listing-mutations.ts';
import { t, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

const LOGGED_OUT_REDIRECT_MS = 500;

/**
 * `videos`: the Property videos section, given by the route (features do not import each other).
 * `confirm`: a listing whose "still available?" question comes first (a reminder's link, ADR 400).
 */
export function HostDashboard({ videos, confirm }: { videos?: ReactNode; confirm?: string | undefined } = {}) {
  const auth = useAuth();
  const navigate = useNavigate();
  useT(enHost);
  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    toast({ title: t('host.loggedOut') });
    // The spec's target is /api/login; the PWA's own sign-in screen is that target here.
    const timer = setTimeout(() => void navigate({ to: '/login' }), LOGGED_OUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [auth.status, navigate]);
  if (auth.status !== 'authenticated') return <CenteredSpinner />;
  return (
    <Dashboard
      isAdmin={auth.user.isAdmin}
      firstName={auth.user.firstName}
      videos={videos}
      prompt={confirm ? <ConfirmPrompt id={confirm} /> : null}
    />
  );
}

export function statusOf(property: Pick<Property, 'isVerified' | 'isActive' | 'downReason'>): {
  label: string;
  tone: 'amber' | 'blue' | 'green' | 'neutral';
} {
  // Out of search until its host brings it back (ADR 400).
  if (property.downReason === 'expired') return { label: t('freshness.badgeExpired'), tone: 'amber' };
  if (property.downReason === 'let') return { label: t('freshness.badgeLet'), tone: 'neutral' };
  if (!property.isVerified) return { label: t('host.statusPending'), tone: 'amber' };
  if (!property.isActive) return { label: t('host.statusApproved'), tone: 'blue' };
  return { label: t('host.statusLive'), tone: 'green' };
}

function Dashboard({
  isAdmin,
  firstName,
  videos,
  prompt,
}: {
  isAdmin: boolean;
  firstName: string | null;
  videos: ReactNode;
  prompt: ReactNode;
}) {
  const mine = useMyProperties();
  useT(enHost);
  const properties = mine.data ?? [];
  const rating = hostRating(properties);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageTitle sub={firstName ? t('host.welcomeName', { name: firstName }) : t('host.welcome')}>
        {t('host.dashboard')}
      </PageTitle>
      <dl className="mb-6 grid grid-cols-3 gap-3">
        <Count label={t('host.totalProperties')} value={properties.length} />
        <Count
          label={t('host.activeProperties')}
          value={properties.filter((item) => item.isVerified && item.isActive).length}
        />
        <Count label={t('host.averageRating')} value={rating} />
      </dl>
      {prompt}
      <Tabs.Root defaultValue="properties">
        <Tabs.List aria-label={t('host.tabs')} className={`${tabListClass} mb-6 max-w-sm`}>
          <Tabs.Trigger value="properties" className={tabTriggerClass}>
            {t('host.properties')}
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" className={tabTriggerClass}>
            {t('host.analytics')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="properties">
          {mine.isPending && <CenteredSpinner />}
          {mine.isError && <p>{t('host.loadFailed')}</p>}
          {mine.data && properties.length === 0 && (
            <Card className="text-center">
              <h2 className="text-lg font-semibold">{t('host.noProperties')}</h2>
              <p className="mt-1 text-stone-700">{t('host.choosePlan')}</p>
              <Link to="/listing-payment" className={buttonClass('primary', 'mt-4')}>
                {t('host.subscribe')}
              </Link>
            </Card>
          )}
          {properties.length > 0 && (
            <>
              <div className="mb-4 flex justify-end">
                <Link to="/list-property" className={buttonClass('primary')}>
                  {t('host.addNew')}
                </Link>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {properties.map((property) => (
                  <li key={property.id}>
                    <HostCard property={property} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="analytics" className="grid gap-6">
          <HostAnalytics rating={rating} />
          <Card>
            <h2 className="text-lg font-semibold">{t('host.quickActions')}</h2>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to="/list-property" className={buttonClass('secondary')}>
                {t('host.addNew')}
              </Link>
              <MessagesAction />
              <Link to="/account-settings" className={buttonClass('secondary')}>
                {t('host.accountSettings')}
              </Link>
              {isAdmin && (
                <Link to="/admin/image-approval" className={buttonClass('secondary')}>
                  {t('host.propertyApproval')}
                </Link>
              )}
              {isAdmin && (
                <Link to="/admin/service-approval" className={buttonClass('secondary')}>
                  {t('host.serviceApproval')}
                </Link>
              )}
              {isAdmin && (
                <Link to="/admin/video-management" className={buttonClass('secondary')}>
                  {t('host.videoManagement')}
                </Link>
              )}
            </div>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
      {videos}
    </div>
  );
}

function Count({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4 text-center">
      <dt className="text-xs text-stone-700 sm:text-sm">{label}</dt>
      <dd className="text-2xl font-bold text-teal-800">{value}</dd>
    </div>
  );
}

function HostCard({ property }: { property: Property }) {
  const { t } = useT(enHost);
  const status = statusOf(property);
  const asked = contactCountText(useListingContactCounts().data?.[property.id]);
  const image = imageList(property.images, property.image)[0];
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProperty();
  const navigate = useNavigate();
  const item = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50';
  return (
    <article className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <ListImage src={image} alt={property.title} />
      <div className="grid gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={t('host.actionsFor', { title: property.title })}
              className="rounded-md px-2 text-xl leading-none hover:bg-stone-100"
            >
              ⋯
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                className="z-50 w-48 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
              >
                <DropdownMenu.Item
                  className={item}
                  onSelect={() => void navigate({ to: '/property/$id/edit', params: { id: property.id } })}
                >
                  {t('host.edit')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={item}
                  onSelect={() => void navigate({ to: '/property/$id', params: { id: property.id } })}
                >
                  {t('host.view')}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => setConfirming(true)}>
                  {t('host.delete')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
        <h3 className="font-semibold">{property.title}</h3>
        <p className="text-sm text-stone-700">{[property.city, property.country].filter(Boolean).join(', ')}</p>
        <p className="font-bold text-teal-800">
          {formatPrice(property)}
          <span className="text-sm font-normal text-stone-700">{periodLabel(property.pricingPeriod)}</span>
        </p>
        {asked && <p className="text-sm text-stone-700">{asked}</p>}
        <FreshnessRow property={property} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('host.deleteTitle')}
        description={t('host.deleteText', { title: property.title })}
        confirmLabel={t('host.deleteConfirm')}
        onConfirm={() =>
          // Told through the promise, not mutate's callbacks: those are skipped when the card has gone
          // from the list (the refetch after the delete) before the mutation settles.
          remove.mutateAsync(property.id).then(
            () => toast({ title: t('host.deleted') }),
            () => toast({ title: t('host.deleteFailed'), variant: 'destructive' }),
          )
        }
      />
    </article>
  );
}

/** The quick action to the inbox, with what the host has not read (issue 34: the spec's Messages). */
function MessagesAction() {
  const unread = useUnreadMessages(true).data?.unread ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={unread > 0 ? t('shell.messagesUnread', { count: unread }) : undefined}
      className={buttonClass('secondary', 'gap-2')}
    >
      {t('host.messages')}
      {unread > 0 && (
        <span className="min-w-6 rounded-full bg-red-700 px-1.5 text-center text-xs font-bold leading-6 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
