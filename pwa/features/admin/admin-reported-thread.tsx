import { useId, useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useReportedConversation } from './admin-reports.queries.ts';
import type { ReportedConversation } from './reports-contract.ts';
import { dateTimeText } from './admin-time.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

/** "Read the conversation": its messages are asked for only when an admin opens it. */
export function ThreadDisclosure({
  conversation,
  nameOf,
}: {
  conversation: ReportedConversation;
  nameOf: (id: string) => string;
}) {
  const [shown, setShown] = useState(false);
  const thread = useReportedConversation(conversation.conversationId, shown);
  const panel = useId();
  const { t, tn } = useT(enAdmin);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="secondary" aria-expanded={shown} aria-controls={panel} onClick={() => setShown(!shown)}>
          {shown ? t('admin.conversationReports.hideThread') : t('admin.conversationReports.readThread')}
        </Button>
        <span className="text-sm text-stone-700">
          {tn('admin.conversationReports.messages', conversation.messageCount)}
        </span>
      </div>
      {shown && (
        <div id={panel}>
          {thread.isPending && <Spinner />}
          {thread.isError && <p role="alert">{errorText(thread.error, t('admin.conversationReports.threadFailed'))}</p>}
          {thread.data && (
            <ol
              className="grid max-h-96 gap-2 overflow-y-auto rounded-md border border-stone-200 p-2"
              aria-label={t('admin.conversationReports.threadOf', {
                title: conversation.listing.title || t('admin.reports.deletedListing'),
              })}
            >
              {thread.data.messages.map((message) => (
                <li
                  key={message.id}
                  className={`rounded-lg p-2 text-sm ${message.senderId === conversation.host.id ? 'bg-stone-100' : 'bg-teal-50'}`}
                >
                  <p className="flex flex-wrap justify-between gap-x-2 text-xs text-stone-700">
                    <span className="font-semibold text-stone-900">
                      {nameOf(message.senderId)}
                      {' · '}
                      {message.senderId === conversation.host.id
                        ? t('admin.conversationReports.host')
                        : t('admin.conversationReports.renter')}
                    </span>
                    <time dateTime={message.sentAt}>{dateTimeText(message.sentAt)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{message.text}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
