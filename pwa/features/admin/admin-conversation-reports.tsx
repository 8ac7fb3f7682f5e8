import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.ts';
import {
  type ReportsFilter,
  useAdminConversationReports,
  useResolveConversationReports,
} from './admin-reports.queries.ts';
import { AdminQueueList } from './admin-queue-list.tsx';
import { ThreadDisclosure } from './admin-reported-thread.tsx';
import { decidedOn } from './agent-license-text.ts';
import type {
  CONVERSATION_REPORT_REASON_NAMES,
  ConversationReportAction,
  ReportedConversation,
} from './reports-contract.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const REASON_NAMES = {
  scam: 'admin.conversationReports.reason.scam',
  harassment: 'admin.conversationReports.reason.harassment',
  spam: 'admin.conversationReports.reason.spam',
  other: 'admin.conversationReports.reason.other',
} satisfies Record<keyof typeof CONVERSATION_REPORT_REASON_NAMES, MessageId>;
const reasonName = (reason: string): MessageId | undefined => REASON_NAMES[reason as keyof typeof REASON_NAMES];

const STATUSES: { status: ReportsFilter['status']; label: MessageId }[] = [
  { status: 'open', label: 'admin.conversationReports.viewOpen' },
  { status: 'resolved', label: 'admin.conversationReports.viewResolved' },
];

/**
 * Conversations someone reported (issue 34, docs/decisions/380): who reported whom and why, the
 * thread itself on demand (the only threads an admin may read), and one decision for a thread's
 * open reports: dismiss them, or suspend a reported account. Each reporter is told by the server.
 */
export function ConversationReports() {
  const [status, setStatus] = useState<ReportsFilter['status']>('open');
  const { t } = useT(enAdmin);
  return (
    <>
      <div role="group" aria-label={t('admin.conversationReports.show')} className="flex flex-wrap gap-2">
        {STATUSES.map((item) => (
          <Button
            key={item.status}
            variant={status === item.status ? 'primary' : 'secondary'}
            aria-pressed={status === item.status}
            onClick={() => setStatus(item.status)}
          >
            {t(item.label)}
          </Button>
        ))}
      </div>
      <ConversationQueue key={status} status={status} />
    </>
  );
}

function ConversationQueue({ status }: { status: ReportsFilter['status'] }) {
  const [page, setPage] = useState(1);
  const list = useAdminConversationReports({ status, page });
  const { t, tn } = useT(enAdmin);
  return (
    <AdminQueueList
      list={list}
      items={list.data?.conversations}
      keyOf={(conversation) => conversation.conversationId}
      count={(total) => tn('admin.conversationReports.count', total)}
      loadFailed={t('admin.reports.loadFailed')}
      label={t('admin.conversationReports.list')}
      empty={status === 'open' ? t('admin.conversationReports.noneOpen') : t('admin.reports.noneResolved')}
      page={page}
      onPage={setPage}
    >
      {(conversation) => <ReportedConversationRow conversation={conversation} open={status === 'open'} />}
    </AdminQueueList>
  );
}

function ReportedConversationRow({ conversation, open }: { conversation: ReportedConversation; open: boolean }) {
  const { t } = useT(enAdmin);
  const { host, renter, listing, reports } = conversation;
  const nameOf = (id: string) => (id === host.id ? host.name : id === renter.id ? renter.name : '?');
  const title = listing.title || t('admin.reports.deletedListing');
  return (
    <Card className="grid gap-3">
      <div className="min-w-0">
        <h3 className="break-words font-semibold">
          {listing.title ? (
            <Link to="/property/$id" params={{ id: listing.id }} className="text-teal-800 underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="break-words text-sm text-stone-700">
          {t('admin.conversationReports.between', { host: host.name, renter: renter.name })}
        </p>
        {[host, renter].map((person) => (
          <p key={person.id} className="text-sm text-stone-700 [overflow-wrap:anywhere]">
            {t('admin.conversationReports.contact', {
              name: person.name,
              contact: [person.email, person.phone].filter(Boolean).join(' · ') || '—',
            })}
          </p>
        ))}
      </div>
      <ul className="grid gap-2" aria-label={t('admin.reports.about', { title })}>
        {reports.map((report) => {
          const reason = reasonName(report.reason);
          return (
            <li key={report.id} className="rounded-md bg-stone-50 p-3 text-sm">
              <p className="font-medium [overflow-wrap:anywhere]">
                {t('admin.conversationReports.whoReported', {
                  reporter: nameOf(report.reporterId),
                  reported: nameOf(report.reportedId),
                })}
              </p>
              <p className="text-stone-700">
                {reason ? t(reason) : report.reason} · {decidedOn(report.reportedAt)}
              </p>
              {report.note && <p className="mt-1 whitespace-pre-wrap break-words">{report.note}</p>}
              {!open && report.action && (
                <p className="mt-1 font-medium text-stone-800">
                  {outcome(report, nameOf, t)}
                  {report.resolvedAt ? t('admin.reports.on', { date: decidedOn(report.resolvedAt) }) : ''}
                </p>
              )}
              {!open && report.resolutionNote && (
                <p className="mt-1 whitespace-pre-wrap break-words text-stone-700">
                  {t('admin.conversationReports.resolutionNote', { note: report.resolutionNote })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ThreadDisclosure conversation={conversation} nameOf={nameOf} />
      {open && <ResolveActions conversation={conversation} nameOf={nameOf} />}
    </Card>
  );
}

type Report = ReportedConversation['reports'][number];

/** What became of a report: dismissed, or whose account its resolution suspended. */
function outcome(report: Report, nameOf: (id: string) => string, t: ReturnType<typeof useT>['t']): string {
  if (report.action === 'dismiss') return t('admin.conversationReports.outcome.dismiss');
  if (report.action === 'suspend' && report.suspendedId)
    return t('admin.conversationReports.outcome.suspended', { name: nameOf(report.suspendedId) });
  return report.action ?? '';
}

/** Dismiss the thread's open reports, or suspend one of the people they name (asked twice). */
function ResolveActions({
  conversation,
  nameOf,
}: {
  conversation: ReportedConversation;
  nameOf: (id: string) => string;
}) {
  const resolve = useResolveConversationReports();
  const [note, setNote] = useState('');
  const [suspending, setSuspending] = useState<string | null>(null);
  const { t } = useT(enAdmin);
  const reported = [...new Set(conversation.reports.filter((r) => r.status === 'open').map((r) => r.reportedId))];
  const title = conversation.listing.title || t('admin.reports.deletedListing');
  const act = (action: ConversationReportAction, userId?: string) =>
    resolve.mutate(
      { conversationId: conversation.conversationId, action, note, ...(userId ? { userId } : {}) },
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
    <>
      <TextAreaField
        label={t('admin.conversationReports.noteLabel')}
        value={note}
        maxLength={1000}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={resolve.isPending}
          onClick={() => act('dismiss')}
          aria-label={t('admin.reports.actionOf', { action: t('admin.reports.action.dismiss'), title })}
        >
          {t('admin.reports.action.dismiss')}
        </Button>
        {reported.map((userId) => (
          <Button key={userId} variant="danger" disabled={resolve.isPending} onClick={() => setSuspending(userId)}>
            {t('admin.conversationReports.suspend', { name: nameOf(userId) })}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(next) => !next && setSuspending(null)}
        title={t('admin.reports.suspendTitle', { name: suspending ? nameOf(suspending) : '' })}
        description={t('admin.conversationReports.suspendText')}
        confirmLabel={t('admin.conversationReports.suspendConfirm')}
        onConfirm={() => suspending && act('suspend', suspending)}
      />
    </>
  );
}
