import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { Property } from '../../lib/contract.ts';
import { longDate } from '../../lib/format.ts';
import { CONFIRM_EVERY_DAYS, confirmedAgoText, daysSince, freshnessMessages } from '../../ui/confirmed-ago.ts';
import { useMyProperties } from '../../lib/queries/my-properties.queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';

// Listings that stay true (issue 34, ADR 400): on the host's card, when it was last confirmed and the
// one-tap answers; at the top of the dashboard, the question a reminder's link asks.

type Action = 'confirm-available' | 'mark-let' | 'relist';

/** POST /api/properties/{id}/{action}: the host's one tap; the dashboard's list and the listing are read again. */
export function useFreshnessAction() {
  const queryClient = useQueryClient();
  const { t } = useT(freshnessMessages);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action; wasDown?: boolean }) =>
      apiRequest<{ message: string; property: Property | null }>(
        'POST',
        `/api/properties/${encodeURIComponent(id)}/${action}`,
      ),
    onSuccess: ({ property }, { action, wasDown }) => {
      const said =
        action === 'mark-let'
          ? 'freshness.markedLet'
          : property && !property.isVerified
            ? 'freshness.backForReview'
            : action === 'relist' || wasDown
              ? 'freshness.back'
              : 'freshness.confirmed';
      toast({ title: t(said) });
      return queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
    onError: () => toast({ title: t('freshness.failed'), variant: 'destructive' }),
  });
}

/** Whether the host should be asked now: 30 days since the last confirmation, or reminded already. */
const isDue = (property: Property) =>
  property.expiresAt !== null ||
  (property.confirmedAvailableAt !== null && daysSince(property.confirmedAvailableAt) >= CONFIRM_EVERY_DAYS);

/** The card's freshness: out of search and why, with "Bring it back"; or when confirmed, with the two answers. */
export function FreshnessRow({ property }: { property: Property }) {
  const { t } = useT(freshnessMessages);
  const act = useFreshnessAction();
  const tap = (action: Action) => act.mutate({ id: property.id, action });
  if (property.downReason) {
    return (
      <div className="grid gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-800">
        <p>{t(property.downReason === 'let' ? 'freshness.let' : 'freshness.expired')}</p>
        <Button variant="primary" disabled={act.isPending} onClick={() => tap('relist')}>
          {t('freshness.bringBack')}
        </Button>
      </div>
    );
  }
  if (!property.isVerified || !property.isActive || !property.confirmedAvailableAt) return null;
  const due = isDue(property);
  return (
    <div className={`grid gap-2 text-sm ${due ? 'rounded-lg bg-amber-50 p-3 text-amber-950' : 'text-stone-700'}`}>
      <p>{confirmedAgoText(property.confirmedAvailableAt)}</p>
      {property.expiresAt && (
        <p className="font-semibold">{t('freshness.leavesOn', { date: longDate(property.expiresAt) })}</p>
      )}
      {!property.expiresAt && due && <p className="font-semibold">{t('freshness.dueSoon')}</p>}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={due ? 'primary' : 'secondary'}
          disabled={act.isPending}
          onClick={() => tap('confirm-available')}
        >
          {t('freshness.stillAvailable')}
        </Button>
        <Button variant="secondary" disabled={act.isPending} onClick={() => tap('mark-let')}>
          {t('freshness.alreadyLet')}
        </Button>
      </div>
    </div>
  );
}

/** The reminder's link (`/host-dashboard?confirm={id}`): the listing's question first, answered in one tap. */
export function ConfirmPrompt({ id }: { id: string }) {
  const { t } = useT(freshnessMessages);
  const mine = useMyProperties();
  const act = useFreshnessAction();
  if (!mine.data) return null;
  const property = mine.data.find((item) => item.id === id);
  if (!property) return <Card className="mb-6">{t('freshness.promptGone')}</Card>;
  const answered = act.isSuccess;
  return (
    <section className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{t('freshness.promptTitle', { title: property.title })}</h2>
      <p className="mt-1 text-stone-800">{t('freshness.promptText')}</p>
      {property.confirmedAvailableAt && !property.downReason && (
        <p className="mt-1 text-sm text-stone-700">{confirmedAgoText(property.confirmedAvailableAt)}</p>
      )}
      {!answered && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            disabled={act.isPending}
            onClick={() => act.mutate({ id, action: 'confirm-available', wasDown: property.downReason !== null })}
          >
            {t(property.downReason ? 'freshness.bringBack' : 'freshness.stillAvailable')}
          </Button>
          {property.downReason !== 'let' && (
            <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ id, action: 'mark-let' })}>
              {t('freshness.alreadyLet')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
