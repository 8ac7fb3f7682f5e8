import { Pager } from '../../ui/pager.tsx';
import { useState } from 'react';
import { errorText } from '../../lib/api-client.ts';
import type { MessageStatus, TeamMessage } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { useAdminMessages, useMarkHandled } from './admin-messages.queries.ts';
import { AccessDenied } from './admin-properties-tab.tsx';
import { dateTimeText } from './admin-time.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const FILTERS: { value: MessageStatus; label: string }[] = [
  { value: 'unhandled', label: 'Unhandled' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

/** Support and contact messages, newest first; unhandled ones first in view; "Mark handled". */
export function AdminMessagesTab() {
  const [status, setStatus] = useState<MessageStatus>('unhandled');
  const { t, tn } = useT(enAdmin);
  const [page, setPage] = useState(1);
  const list = useAdminMessages({ status, page });
  if (list.isError) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? 20)));
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('admin.messages.show')} className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Button
            key={filter.value}
            variant={status === filter.value ? 'primary' : 'secondary'}
            aria-pressed={status === filter.value}
            onClick={() => {
              setStatus(filter.value);
              setPage(1);
            }}
          >
            {translateText(filter.label)}
          </Button>
        ))}
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? tn('admin.messages.count', list.data.total) : t('admin.loading')}
      </p>
      {list.isPending && <Spinner />}
      <ul className="grid gap-3" aria-label={t('admin.messages.list')}>
        {list.data?.messages.map((message) => (
          <li key={message.id}>
            <MessageRow message={message} />
          </li>
        ))}
      </ul>
      {list.data?.total === 0 && (
        <p className="text-stone-700">
          {status === 'unhandled' ? t('admin.messages.nothingWaiting') : t('admin.messages.none')}
        </p>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function MessageRow({ message: m }: { message: TeamMessage }) {
  const markHandled = useMarkHandled();
  const { t } = useT(enAdmin);
  const from = m.form === 'contact' ? `${m.firstName ?? ''} ${m.lastName ?? ''}`.trim() : (m.name ?? '');
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={m.status === 'handled' ? 'green' : 'amber'}>
          {m.status === 'handled' ? t('admin.messages.handledBadge') : t('admin.messages.unhandledBadge')}
        </Badge>
        <Badge tone="neutral">{m.form === 'support' ? t('admin.messages.support') : t('admin.messages.contact')}</Badge>
        <span className="font-mono text-sm">{m.reference}</span>
        <span className="text-sm text-stone-700">{dateTimeText(m.receivedAt)}</span>
      </div>
      <h3 className="font-semibold">{m.subject}</h3>
      <p className="text-sm text-stone-700">
        {from || t('admin.messages.noName')}
        {m.email && (
          <>
            {' '}
            ·{' '}
            <a
              className="text-teal-800 underline"
              href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject} (${m.reference})`)}`}
            >
              {m.email}
            </a>
          </>
        )}
        {m.phone && (
          <>
            {' '}
            ·{' '}
            <a className="text-teal-800 underline" href={`tel:${m.phone}`}>
              {m.phone}
            </a>
          </>
        )}
        {m.form === 'contact' && <> · prefers {m.contactMethod === 'phone' ? 'phone' : 'e-mail'}</>}
        {m.category && <> · {m.category}</>}
        {m.userType && <> · {m.userType.replace('_', ' ')}</>}
      </p>
      <p className="whitespace-pre-wrap break-words">{m.message}</p>
      {m.status === 'handled' ? (
        <p className="text-sm text-stone-700">
          {m.handledByEmail
            ? m.handledAt
              ? t('admin.messages.handledByOn', { email: m.handledByEmail, date: dateTimeText(m.handledAt) })
              : t('admin.messages.handledBy', { email: m.handledByEmail })
            : m.handledAt
              ? t('admin.messages.handledOn', { date: dateTimeText(m.handledAt) })
              : t('admin.messages.handledDone')}
        </p>
      ) : (
        <div>
          <Button
            disabled={markHandled.isPending}
            onClick={() =>
              markHandled.mutate(m.id, {
                onSuccess: () =>
                  toast({ title: t('admin.messages.markedHandled'), description: `${m.reference}: ${m.subject}` }),
                onError: (error) =>
                  toast({
                    title: t('admin.error'),
                    description: errorText(error, t('admin.messages.markFailed')),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {t('admin.messages.markHandled')}
          </Button>
        </div>
      )}
    </Card>
  );
}
