import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import {
  type ReportsFilter,
  useAdminReports,
  useLiftSuspension,
  useResolveReports,
  useSuspendedAccounts,
} from './admin-reports.queries.ts';
import { AdminQueueList } from './admin-queue-list.tsx';
import { ConversationReports } from './admin-conversation-reports.tsx';
import { decidedOn } from './agent-license-text.ts';
import type { REPORT_REASON_NAMES, ReportAction, ReportedListing, SuspendedAccount } from './reports-contract.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const ACTIONS: { action: ReportAction; label: MessageId; variant: 'primary' | 'secondary' | 'danger' }[] = [
  { action: 'dismiss', label: 'admin.reports.action.dismiss', variant: 'secondary' },
  { action: 'hide', label: 'admin.reports.action.hide', variant: 'primary' },
  { action: 'delete', label: 'admin.reports.action.delete', variant: 'danger' },
];

const ACTION_NAMES: Record<string, MessageId> = {
  dismiss: 'admin.reports.outcome.dismiss',
  hide: 'admin.reports.outcome.hide',
  delete: 'admin.reports.outcome.delete',
  suspend: 'admin.reports.outcome.suspend',
};

const REASON_NAMES: Record<string, MessageId> = {
  scam: 'admin.reports.reason.scam',
  already_let: 'admin.reports.reason.already_let',
  wrong_price: 'admin.reports.reason.wrong_price',
  wrong_place: 'admin.reports.reason.wrong_place',
  offensive: 'admin.reports.reason.offensive',
  other: 'admin.reports.reason.other',
} satisfies Record<keyof typeof REPORT_REASON_NAMES, MessageId>;

type View = ReportsFilter['status'] | 'conversations' | 'suspended';
const VIEWS: { view: View; label: MessageId }[] = [
  { view: 'open', label: 'admin.reports.viewOpen' },
  { view: 'resolved', label: 'admin.reports.viewResolved' },
  { view: 'conversations', label: 'admin.reports.viewConversations' },
  { view: 'suspended', label: 'admin.reports.suspendedHosts' },
];

/**
 * Listings renters reported (issue 33, docs/decisions/340): those the reports hid first. An admin
 * resolves a listing's open reports together; each reporter is told by the server. Conversations
 * someone reported (issue 34) have their own view: admin-conversation-reports.tsx.
 */
export function AdminReportsTab() {
  const [view, setView] = useState<View>('open');
  const { t } = useT(enAdmin);
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        {view === 'conversations' ? t('admin.conversationReports.intro') : t('admin.reports.intro')}
      </p>
      <div role="group" aria-label={t('admin.reports.show')} className="flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Button
            key={item.view}
            variant={view === item.view ? 'primary' : 'secondary'}
            aria-pressed={view === item.view}
            onClick={() => setView(item.view)}
          >
            {t(item.label)}
          </Button>
        ))}
      </div>
      {view === 'suspended' ? (
        <SuspendedHosts />
      ) : view === 'conversations' ? (
        <ConversationReports />
      ) : (
        <ReportQueue key={view} status={view} />
      )}
    </div>
  );
}

function ReportQueue({ status }: { status: ReportsFilter['status'] }) {
  const [page, setPage] = useState(1);
  const list = useAdminReports({ status, page });
  const { t, tn } = useT(enAdmin);
  return (
    <AdminQueueList
      list={list}
      items={list.data?.listings}
      keyOf={(listing) => listing.listingId}
      count={(total) => tn('admin.reports.count', total)}
      loadFailed={t('admin.reports.loadFailed')}
      label={t('admin.reports.list')}
      empty={status === 'open' ? t('admin.reports.noneOpen') : t('admin.reports.noneResolved')}
      page={page}
      onPage={setPage}
    >
      {(listing) => <ReportedListingRow listing={listing} open={status === 'open'} />}
    </AdminQueueList>
  );
}

function ReportedListingRow({ listing, open }: { listing: ReportedListing; open: boolean }) {
  const resolve = useResolveReports();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { t, tn } = useT(enAdmin);
  const title = listing.title ?? t('admin.reports.deletedListing');
  const act = (action: ReportAction) =>
    resolve.mutate(
      { listingId: listing.listingId, action, note },
      {
        onSuccess: (answer) => toast({ title: t('admin.reports.resolved'), description: answer.message }),
        onError: (error) =>
          toast({
            title: t('admin.error'),
            description: errorText(error, t('admin.reports.resolveFailed')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {listing.held && <Badge tone="red">{t('admin.reports.hiddenByReports')}</Badge>}
        <span className="text-sm text-stone-700">
          {tn(open ? 'admin.reports.openReports' : 'admin.reports.reports', listing.reports.length)}
        </span>
      </div>
      <div className="min-w-0">
        <h3 className="break-words font-semibold">
          {listing.title ? (
            <Link to="/property/$id" params={{ id: listing.listingId }} className="text-teal-800 underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="break-words text-sm text-stone-700">
          {[listing.city, listing.ownerName && t('admin.reports.host', { name: listing.ownerName })]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <ul className="grid gap-2" aria-label={t('admin.reports.about', { title })}>
        {listing.reports.map((report) => (
          <li key={report.id} className="rounded-md bg-stone-50 p-3 text-sm">
            <p className="font-medium">
              {REASON_NAMES[report.reason] ? t(REASON_NAMES[report.reason]!) : report.reason}
              <span className="font-normal text-stone-700">
                {' '}
                · {report.reporterName ?? t('admin.reports.aRenter')} · {decidedOn(report.reportedAt)}
              </span>
            </p>
            {report.note && <p className="mt-1 whitespace-pre-wrap break-words">{report.note}</p>}
            {!open && report.action && (
              <p className="mt-1 text-stone-700">
                {ACTION_NAMES[report.action] ? t(ACTION_NAMES[report.action]!) : report.action}
                {report.resolvedAt ? t('admin.reports.on', { date: decidedOn(report.resolvedAt) }) : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <>
          <TextAreaField
            label={t('admin.reports.noteLabel')}
            value={note}
            maxLength={1000}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {ACTIONS.map(({ action, label, variant }) => (
              <Button
                key={action}
                variant={variant}
                disabled={resolve.isPending}
                onClick={() => act(action)}
                aria-label={t('admin.reports.actionOf', { action: t(label), title })}
              >
                {t(label)}
              </Button>
            ))}
            {listing.ownerId && (
              <Button
                variant="danger"
                disabled={resolve.isPending}
                onClick={() => setConfirming(true)}
                aria-label={t('admin.reports.suspendOf', { title })}
              >
                {t('admin.reports.suspendHost')}
              </Button>
            )}
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('admin.reports.suspendTitle', { name: listing.ownerName ?? t('admin.reports.thisHost') })}
            description={t('admin.reports.suspendText')}
            confirmLabel={t('admin.reports.suspendHost')}
            onConfirm={() => act('suspend')}
          />
        </>
      )}
    </Card>
  );
}

/** The accounts suspended after reports, and lifting a suspension: what it hid comes back. */
function SuspendedHosts() {
  const [page, setPage] = useState(1);
  const list = useSuspendedAccounts(page);
  const { t, tn } = useT(enAdmin);
  return (
    <AdminQueueList
      list={list}
      items={list.data?.accounts}
      keyOf={(account) => account.userId}
      count={(total) => tn('admin.reports.suspendedCount', total)}
      loadFailed={t('admin.reports.suspendedLoadFailed')}
      label={t('admin.reports.suspendedHosts')}
      empty={t('admin.reports.noneSuspended')}
      page={page}
      onPage={setPage}
    >
      {(account) => <SuspendedHostRow account={account} />}
    </AdminQueueList>
  );
}

function SuspendedHostRow({ account }: { account: SuspendedAccount }) {
  const lift = useLiftSuspension();
  const [note, setNote] = useState('');
  const { t, tn } = useT(enAdmin);
  const name = account.name ?? account.email ?? account.phone ?? t('admin.reports.aHost');
  const onLift = () =>
    lift.mutate(
      { userId: account.userId, note },
      {
        onSuccess: (answer) => toast({ title: t('admin.reports.lifted'), description: answer.message }),
        onError: (error) =>
          toast({
            title: t('admin.error'),
            description: errorText(error, t('admin.reports.liftFailed')),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="grid gap-3">
      <div className="min-w-0">
        <h3 className="break-words font-semibold">{name}</h3>
        <p className="break-words text-sm text-stone-700">
          {[account.email, account.phone].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm text-stone-700">
          {t('admin.reports.suspendedOn', { date: decidedOn(account.suspendedAt) })} ·{' '}
          {tn('admin.reports.hiddenListings', account.hiddenListings)}
        </p>
      </div>
      {account.reason && (
        <p className="whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 text-sm">{account.reason}</p>
      )}
      <TextAreaField
        label={t('admin.reports.hostNote')}
        value={note}
        maxLength={1000}
        onChange={(event) => setNote(event.target.value)}
      />
      <div>
        <Button disabled={lift.isPending} onClick={onLift} aria-label={t('admin.reports.liftOf', { name })}>
          {t('admin.reports.lift')}
        </Button>
      </div>
    </Card>
  );
}
