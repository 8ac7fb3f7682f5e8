import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ConversationSummary } from '../../lib/contract.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card, PageTitle } from '../../ui/card.tsx';
import { Pager } from '../../ui/pager.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { useInbox } from './conversations.queries.ts';
import { messageTime } from './message-time.ts';
import { usePendingMessages } from './send-conversation-message.ts';
import { useSignedInOnly } from './signed-in-only.ts';
import { useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';

/** /messages: the signed-in person's threads, as host and as renter, newest first (issue 34). */
export function InboxScreen() {
  const auth = useSignedInOnly();
  const [page, setPage] = useState(1);
  const inbox = useInbox(page, auth.status === 'authenticated');
  // Messages written from a listing's page offline: no thread yet to show them in.
  const starting = usePendingMessages((item) => item.conversationId === null);
  const { t } = useT(enConversations);
  if (auth.status !== 'authenticated') return <CenteredSpinner />;
  const conversations = inbox.data?.conversations ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle sub={t('conversations.intro')}>{t('conversations.title')}</PageTitle>
      {starting.length > 0 && (
        <section aria-labelledby="waiting-heading" className="mb-6 grid gap-2">
          <h2 id="waiting-heading" className="text-sm font-semibold text-stone-700">
            {t('conversations.waiting')}
          </h2>
          <ul className="grid grid-cols-1 gap-2">
            {starting.map((item) => (
              <li key={item.id} className="rounded-xl border border-dashed border-stone-300 bg-white p-3">
                <p className="truncate font-semibold">{item.listingTitle}</p>
                <p className="truncate text-sm text-stone-700">{item.text}</p>
                <p className="text-xs font-medium text-stone-700">
                  {item.status === 'failed' ? t('conversations.notSent') : t('conversations.sending')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inbox.isPending && <CenteredSpinner />}
      {inbox.isError && !inbox.data && (
        <p role="alert">{navigator.onLine ? t('conversations.loadFailed') : t('common.offlineNothing')}</p>
      )}
      {inbox.data && conversations.length === 0 && starting.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-semibold">{t('conversations.empty')}</h2>
          <p className="mt-1 text-stone-700">{t('conversations.emptyText')}</p>
          <Link to="/search" className={buttonClass('primary', 'mt-4')}>
            {t('conversations.findHomes')}
          </Link>
        </Card>
      )}
      {conversations.length > 0 && (
        <ul className="grid grid-cols-1 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <InboxRow conversation={conversation} />
            </li>
          ))}
        </ul>
      )}
      {inbox.data && (
        <div className="mt-6">
          <Pager page={page} pages={Math.ceil(inbox.data.total / inbox.data.pageSize)} onPage={setPage} />
        </div>
      )}
    </div>
  );
}

function InboxRow({ conversation }: { conversation: ConversationSummary }) {
  const { t, tn } = useT(enConversations);
  const { lastMessage, unread } = conversation;
  const role = conversation.role === 'host' ? t('conversations.renter') : t('conversations.host');
  return (
    <Link
      to="/messages/$id"
      params={{ id: conversation.id }}
      className="grid grid-cols-1 gap-0.5 p-4 hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
    >
      <span className="flex items-baseline gap-2">
        <span className={`min-w-0 flex-1 truncate ${unread > 0 ? 'font-bold' : 'font-semibold'}`}>
          {conversation.otherParty.name}
          <span className="font-normal text-stone-700"> · {role}</span>
        </span>
        <time dateTime={lastMessage.sentAt} className="shrink-0 text-xs text-stone-700">
          {messageTime(lastMessage.sentAt)}
        </time>
      </span>
      <span className="truncate text-sm text-stone-700">{conversation.listing.title}</span>
      <span className="flex items-center gap-2">
        <span
          className={`min-w-0 flex-1 truncate text-sm ${unread > 0 ? 'font-medium text-stone-900' : 'text-stone-700'}`}
        >
          {lastMessage.fromMe ? t('conversations.you', { text: lastMessage.text }) : lastMessage.text}
        </span>
        {conversation.blocked !== 'none' && (
          <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">
            {t('conversations.blocked')}
          </span>
        )}
        {unread > 0 && (
          <span className="shrink-0 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white">
            {tn('conversations.unread', unread)}
          </span>
        )}
      </span>
    </Link>
  );
}
