import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MessageSent, Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { listen } from '../../offline/outbox-store.ts';
import { Button } from '../../ui/button.tsx';
import { Composer } from './composer.tsx';
import { usePendingMessages } from './send-conversation-message.ts';
import { useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';
import { enListing } from '../../i18n/en-listing.ts';

/**
 * "Message the host" on a live listing's page, for a signed-in renter who is not its owner (issue 34),
 * loaded when first tapped (`defaultOpen`: the tap that loaded it opens it). Sent: on to the thread.
 * Offline: kept in the outbox, said here, and the thread offered once it has arrived.
 */
export function MessageHost({ property, defaultOpen = false }: { property: Property; defaultOpen?: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const [arrived, setArrived] = useState<string | null>(null);
  const waiting = usePendingMessages((item) => item.id === queuedId);
  const { t } = useT(enConversations, enListing);
  // The queued message reached the server (from this page, another or the service worker).
  useEffect(() => {
    if (!queuedId) return;
    return listen((message) => {
      if (message.type === 'sent' && message.item.id === queuedId)
        setArrived((message.result as MessageSent | null)?.conversationId ?? null);
    });
  }, [queuedId]);
  if (auth.status !== 'authenticated') return null;

  if (arrived)
    return (
      <p role="status" className="grid gap-1 text-sm text-stone-800">
        {t('conversations.sentNote')}
        <Link to="/messages/$id" params={{ id: arrived }} className="font-medium text-teal-800 underline">
          {t('conversations.openThread')}
        </Link>
      </p>
    );
  if (queuedId)
    return (
      <div role="status" className="grid gap-2 rounded-lg border border-dashed border-teal-700 bg-teal-50 p-3 text-sm">
        <p className="text-stone-900">{waiting[0]?.text}</p>
        <p className="font-medium text-stone-800">
          {waiting[0]?.status === 'failed' ? t('conversations.notSent') : t('conversations.sending')}
        </p>
        <p className="text-stone-800">{t('conversations.queuedNote')}</p>
      </div>
    );
  if (!open)
    return (
      <Button variant="secondary" className="w-full" onClick={() => setOpen(true)}>
        {t('listing.messageHost')}
      </Button>
    );
  const host =
    property.ownerBusinessName || [property.ownerFirstName, property.ownerLastName].filter(Boolean).join(' ');
  return (
    <Composer
      to={{ conversationId: null, listingId: property.id, listingTitle: property.title }}
      ownerId={auth.user.id}
      initialText={t('conversations.prefill')}
      label={host ? t('conversations.toHost', { name: host }) : t('conversations.yourMessage')}
      onCancel={() => setOpen(false)}
      onSent={(outcome) => {
        if (outcome.status === 'sent')
          void navigate({ to: '/messages/$id', params: { id: outcome.result.conversationId } });
        else setQueuedId(outcome.item.id);
      }}
    />
  );
}
