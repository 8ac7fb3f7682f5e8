import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { errorText, isStatus } from '../../lib/api-client.ts';
import type { ConversationThread } from '../../lib/contract.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SafetyNote } from '../../ui/safety-note.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { useOnline } from '../../offline/use-outbox.ts';
import { useBlock, useMarkRead, useThread } from './conversations.queries.ts';
import { Composer } from './composer.tsx';
import { messageTime } from './message-time.ts';
import { ReportConversationDialog } from './report-conversation.tsx';
import { usePendingMessages } from './send-conversation-message.ts';
import { useSignedInOnly } from './signed-in-only.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';

/** /messages/$id: one thread, its messages as bubbles (mine on the right), a composer, read on opening. */
export function ThreadScreen({ id }: { id: string }) {
  const auth = useSignedInOnly();
  const thread = useThread(id, auth.status === 'authenticated');
  const { t } = useT(enConversations);
  if (auth.status !== 'authenticated' || (thread.isPending && thread.fetchStatus !== 'idle'))
    return <CenteredSpinner />;
  if (!thread.data) {
    const gone = isStatus(thread.error, 404) || isStatus(thread.error, 400);
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{gone ? t('conversations.notFound') : t('conversations.loadFailed')}</h1>
        <p className="mt-2 text-stone-700">
          {gone ? t('conversations.notFoundText') : !navigator.onLine && t('common.offlineNothing')}
        </p>
        <Link to="/messages" className={buttonClass('primary', 'mt-4')}>
          {t('conversations.allMessages')}
        </Link>
      </div>
    );
  }
  return <Thread thread={thread.data} ownerId={auth.user.id} />;
}

function Thread({ thread, ownerId }: { thread: ConversationThread; ownerId: string }) {
  const { conversation, messages } = thread;
  const { t } = useT(enConversations);
  const pending = usePendingMessages(
    (item) =>
      item.conversationId === conversation.id ||
      (item.conversationId === null && conversation.role === 'renter' && item.listingId === conversation.listing.id),
  );
  useReadOnOpening(thread);
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  // The newest message in view on opening and as messages arrive.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);
  const name = conversation.otherParty.name;
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6">
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link to="/messages" className="text-sm font-medium text-teal-800 underline underline-offset-2">
            {t('conversations.allMessages')}
          </Link>
          <h1 className="text-xl font-bold [overflow-wrap:anywhere]">
            {name}
            <span className="text-base font-normal text-stone-700">
              {' · '}
              {conversation.role === 'host' ? t('conversations.renter') : t('conversations.host')}
            </span>
          </h1>
          <Link
            to="/property/$id"
            params={{ id: conversation.listing.id }}
            className="truncate text-sm text-stone-700 underline underline-offset-2"
          >
            {conversation.listing.title}
          </Link>
        </div>
        <ThreadMenu thread={thread} />
      </div>
      <SafetyNote />
      <ol className="grid gap-3" aria-label={t('conversations.title')}>
        {messages.map((message) => (
          <Bubble
            key={message.id}
            mine={message.fromMe}
            text={message.text}
            label={message.fromMe ? t('conversations.yourMessage') : t('conversations.messageFrom', { name })}
            status={<time dateTime={message.sentAt}>{messageTime(message.sentAt)}</time>}
          />
        ))}
        {pending.map((item) => (
          <Bubble
            key={item.id}
            mine
            waiting
            text={item.text}
            label={t('conversations.yourMessage')}
            status={item.status === 'failed' ? t('conversations.notSent') : t('conversations.sending')}
          />
        ))}
      </ol>
      <div ref={end}>
        {conversation.blocked === 'none' ? (
          <Composer
            to={{
              conversationId: conversation.id,
              listingId: conversation.listing.id,
              listingTitle: conversation.listing.title,
            }}
            ownerId={ownerId}
          />
        ) : (
          <Card className="text-stone-800">
            <p role="status">
              {conversation.reportedByMe
                ? t('conversations.reportedByMe')
                : conversation.blocked === 'by_me'
                  ? t('conversations.blockedByMe')
                  : t('conversations.blockedByThem', { name })}
            </p>
          </Card>
        )}
      </div>
    </div>
  );
}

function Bubble({
  mine,
  text,
  label,
  status,
  waiting = false,
}: {
  mine: boolean;
  text: string;
  label: string;
  status: React.ReactNode;
  waiting?: boolean;
}) {
  const tone = mine
    ? `ml-auto rounded-br-sm ${waiting ? 'border border-dashed border-teal-700 bg-teal-50 text-stone-900' : 'bg-teal-700 text-white'}`
    : 'mr-auto rounded-bl-sm bg-stone-100 text-stone-900';
  return (
    <li className={`grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 ${tone}`} aria-label={label}>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">{text}</p>
      <p className={`text-right text-xs ${mine && !waiting ? 'text-teal-50' : 'text-stone-700'}`}>{status}</p>
    </li>
  );
}

/**
 * Tells the server the thread was read while it is open with unread messages (a GET reads nothing):
 * on opening, or when the connection comes back to a thread opened offline; once for each unread
 * count the thread shows, and again after a failure only when the connection comes back.
 */
function useReadOnOpening({ conversation }: ConversationThread) {
  const { mutate } = useMarkRead();
  const online = useOnline();
  const asked = useRef<string | null>(null);
  const { id, unread } = conversation;
  useEffect(() => {
    if (unread === 0) {
      asked.current = null;
      return;
    }
    const state = `${id}:${unread}`;
    if (!online || asked.current === state) return;
    asked.current = state;
    mutate(id, {
      onError: () => {
        if (asked.current === state) asked.current = null;
      },
    });
  }, [id, unread, online, mutate]);
}

function ThreadMenu({ thread }: { thread: ConversationThread }) {
  const { conversation } = thread;
  const block = useBlock(conversation.id);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { t } = useT(enConversations);
  // Only the side that blocked may unblock (403 not_your_block): the other is offered no blocking.
  const canBlock = conversation.blocked !== 'by_them';
  // Either side may report the other, blocked or not, once while their report is open (409 already_reported).
  const canReport = !conversation.reportedByMe;
  if (!canBlock && !canReport) return null;
  const change = (blocked: boolean) =>
    block.mutate(blocked, {
      onError: (error) =>
        toast({
          title: t('conversations.error'),
          description: translateText(
            errorText(error, blocked ? t('conversations.blockFailed') : t('conversations.unblockFailed')),
          ),
          variant: 'destructive',
        }),
    });
  const item = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50';
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('conversations.menu')}
          className="min-h-10 min-w-10 rounded-md text-xl leading-none hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          ⋯
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            className="z-50 w-48 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
          >
            {conversation.blocked === 'by_me' && (
              <DropdownMenu.Item className={item} onSelect={() => change(false)}>
                {t('conversations.unblock')}
              </DropdownMenu.Item>
            )}
            {conversation.blocked === 'none' && (
              <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => setConfirming(true)}>
                {t('conversations.block')}
              </DropdownMenu.Item>
            )}
            {canReport && (
              <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => setReporting(true)}>
                {t('conversations.report.open')}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('conversations.blockTitle', { name: conversation.otherParty.name })}
        description={t('conversations.blockText')}
        confirmLabel={t('conversations.blockConfirm')}
        onConfirm={() => change(true)}
      />
      <ReportConversationDialog
        id={conversation.id}
        name={conversation.otherParty.name}
        open={reporting}
        onOpenChange={setReporting}
      />
    </>
  );
}
