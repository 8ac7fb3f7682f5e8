import { useState, type ReactNode } from 'react';
import { apiRequest, errorText } from '../../lib/api-client.ts';
import type { ContactAnswer, Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

type Channel = ContactAnswer['channel'];
/** Draws "Message the host" for a listing (the conversations feature's, lent by the route). */
export type MessageHostSlot = (property: Property) => ReactNode;

/**
 * WhatsApp and Call for a live listing's host (issue 33, docs/decisions/350): the server records
 * the contact and answers the link to open (WhatsApp with a message naming the listing, or the
 * dialler). Offline a call still goes through, unrecorded: a phone call needs no data; WhatsApp does.
 * Above them, "Message the host" when the route lends it (issue 34).
 */
export function ContactButtons({
  property,
  messageHost,
}: {
  property: Property;
  messageHost?: MessageHostSlot | undefined;
}) {
  const auth = useAuth();
  const [busy, setBusy] = useState<Channel | null>(null);
  const { t } = useT(enListing);
  const signedIn = auth.status === 'authenticated';
  const own = signedIn && auth.user.id === property.ownerId;
  const live = property.isVerified && property.isActive;
  if (!signedIn || own || !live) return null;
  const phone = property.ownerPhone;
  if (!phone) return messageHost?.(property) ?? null;

  const open = async (channel: Channel) => {
    if (!navigator.onLine) {
      if (channel === 'call') window.location.assign(`tel:${phone}`);
      else toast({ title: t('listing.offline'), description: t('listing.whatsappOffline') });
      return;
    }
    setBusy(channel);
    try {
      const answer = await apiRequest<ContactAnswer>('POST', `/api/properties/${property.id}/contacts`, {
        body: { channel },
      });
      window.location.assign(answer.href);
    } catch (error) {
      toast({
        title: t('common.error'),
        description: errorText(error, t('listing.couldNotOpen')),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {messageHost?.(property)}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void open('whatsapp')}>
          {busy === 'whatsapp' ? t('listing.opening') : 'WhatsApp'}
        </Button>
        <Button variant="secondary" disabled={busy !== null} onClick={() => void open('call')}>
          {busy === 'call' ? t('listing.opening') : t('listing.call')}
        </Button>
      </div>
    </>
  );
}
