import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText, isStatus } from '../../lib/api-client.ts';
import { countOf } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { Pager } from '../../ui/pager.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import {
  type ReportsFilter,
  useAdminReports,
  useLiftSuspension,
  useResolveReports,
  useSuspendedAccounts,
} from './admin-reports.queries.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { decidedOn } from './agent-license-text.ts';
import {
  REPORT_REASON_NAMES,
  type ReportAction,
  type ReportedListing,
  type SuspendedAccount,
} from './reports-contract.ts';

const PAGE_SIZE = 20;

const ACTIONS: { action: ReportAction; label: string; variant: 'primary' | 'secondary' | 'danger' }[] = [
  { action: 'dismiss', label: 'Dismiss', variant: 'secondary' },
  { action: 'hide', label: 'Hide listing', variant: 'primary' },
  { action: 'delete', label: 'Delete listing', variant: 'danger' },
];

const ACTION_NAMES: Record<string, string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  delete: 'Deleted',
  suspend: 'Hidden, host suspended',
};

type View = ReportsFilter['status'] | 'suspended';
const VIEWS: { view: View; label: string }[] = [
  { view: 'open', label: 'Open' },
  { view: 'resolved', label: 'Resolved' },
  { view: 'suspended', label: 'Suspended hosts' },
];

/**
 * Listings renters reported (issue 33, docs/decisions/340): those the reports hid first. An admin
 * resolves a listing's open reports together; each reporter is told by the server.
 */
export function AdminReportsTab() {
  const [view, setView] = useState<View>('open');
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">
        Three different people's reports hide a listing until you decide. Each reporter is told what you decided.
      </p>
      <div role="group" aria-label="Show reports" className="flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Button
            key={item.view}
            variant={view === item.view ? 'primary' : 'secondary'}
            aria-pressed={view === item.view}
            onClick={() => setView(item.view)}
          >
            {item.label}
          </Button>
        ))}
      </div>
      {view === 'suspended' ? <SuspendedHosts /> : <ReportQueue key={view} status={view} />}
    </div>
  );
}

function ReportQueue({ status }: { status: ReportsFilter['status'] }) {
  const [page, setPage] = useState(1);
  const list = useAdminReports({ status, page });
  if (isStatus(list.error, 401) || isStatus(list.error, 403)) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? PAGE_SIZE)));
  return (
    <>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? countOf(list.data.total, 'reported listing') : list.isError ? '' : 'Loading…'}
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <p role="alert">The reports could not be loaded. Please try again.</p>}
      <ul className="grid gap-3" aria-label="Reported listings">
        {list.data?.listings.map((listing) => (
          <li key={listing.listingId}>
            <ReportedListingRow listing={listing} open={status === 'open'} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && (
        <p className="text-stone-700">{status === 'open' ? 'No open reports.' : 'No reports resolved yet.'}</p>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

function ReportedListingRow({ listing, open }: { listing: ReportedListing; open: boolean }) {
  const resolve = useResolveReports();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const title = listing.title ?? 'A deleted listing';
  const act = (action: ReportAction) =>
    resolve.mutate(
      { listingId: listing.listingId, action, note },
      {
        onSuccess: (answer) => toast({ title: 'Reports resolved', description: answer.message }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorText(error, 'The reports could not be resolved'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {listing.held && <Badge tone="red">Hidden by reports</Badge>}
        <span className="text-sm text-stone-700">
          {countOf(listing.reports.length, open ? 'open report' : 'report')}
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
          {[listing.city, listing.ownerName && `host: ${listing.ownerName}`].filter(Boolean).join(' · ')}
        </p>
      </div>
      <ul className="grid gap-2" aria-label={`Reports about ${title}`}>
        {listing.reports.map((report) => (
          <li key={report.id} className="rounded-md bg-stone-50 p-3 text-sm">
            <p className="font-medium">
              {REPORT_REASON_NAMES[report.reason as keyof typeof REPORT_REASON_NAMES] ?? report.reason}
              <span className="font-normal text-stone-700">
                {' '}
                · {report.reporterName ?? 'A renter'} · {decidedOn(report.reportedAt)}
              </span>
            </p>
            {report.note && <p className="mt-1 whitespace-pre-wrap break-words">{report.note}</p>}
            {!open && report.action && (
              <p className="mt-1 text-stone-700">
                {ACTION_NAMES[report.action] ?? report.action}
                {report.resolvedAt ? ` on ${decidedOn(report.resolvedAt)}` : ''}
              </p>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <>
          <TextAreaField
            label="Note to the reporters, and to the host if you suspend them (optional)"
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
                aria-label={`${label}: ${title}`}
              >
                {label}
              </Button>
            ))}
            {listing.ownerId && (
              <Button
                variant="danger"
                disabled={resolve.isPending}
                onClick={() => setConfirming(true)}
                aria-label={`Suspend the host of ${title}`}
              >
                Suspend host
              </Button>
            )}
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Suspend ${listing.ownerName ?? 'this host'}?`}
            description="This listing is hidden, the host is signed out and cannot sign in, and all their other listings are hidden until you lift the suspension. The host is sent your note."
            confirmLabel="Suspend host"
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
  if (isStatus(list.error, 401) || isStatus(list.error, 403)) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? PAGE_SIZE)));
  return (
    <>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? countOf(list.data.total, 'suspended host') : list.isError ? '' : 'Loading…'}
      </p>
      {list.isPending && <Spinner />}
      {list.isError && <p role="alert">The suspended hosts could not be loaded. Please try again.</p>}
      <ul className="grid gap-3" aria-label="Suspended hosts">
        {list.data?.accounts.map((account) => (
          <li key={account.userId}>
            <SuspendedHostRow account={account} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && <p className="text-stone-700">No host is suspended.</p>}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

function SuspendedHostRow({ account }: { account: SuspendedAccount }) {
  const lift = useLiftSuspension();
  const [note, setNote] = useState('');
  const name = account.name ?? account.email ?? account.phone ?? 'A host';
  const onLift = () =>
    lift.mutate(
      { userId: account.userId, note },
      {
        onSuccess: (answer) => toast({ title: 'Suspension lifted', description: answer.message }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorText(error, 'The suspension could not be lifted'),
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
          Suspended on {decidedOn(account.suspendedAt)} · {countOf(account.hiddenListings, 'hidden listing')}
        </p>
      </div>
      {account.reason && (
        <p className="whitespace-pre-wrap break-words rounded-md bg-stone-50 p-3 text-sm">{account.reason}</p>
      )}
      <TextAreaField
        label="Note to the host (optional)"
        value={note}
        maxLength={1000}
        onChange={(event) => setNote(event.target.value)}
      />
      <div>
        <Button disabled={lift.isPending} onClick={onLift} aria-label={`Lift the suspension of ${name}`}>
          Lift suspension
        </Button>
      </div>
    </Card>
  );
}
