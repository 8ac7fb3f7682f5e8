import type { DeliveryFailure, FailedMessage } from '../../lib/contract.ts';
import { errorText } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { useFailedMessages, useRetryMessage } from './admin-outbox.queries.ts';
import { DeliverySetupNotice, nothingFailedText } from './delivery-setup-notice.tsx';
import { SmsBudgetNotice } from './sms-budget-notice.tsx';
import type { MessageId } from '../../i18n/catalog.ts';
import { localeTag, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const FAILURE_LABEL: Record<DeliveryFailure, MessageId> = {
  refused: 'admin.delivery.failure.refused',
  exhausted: 'admin.delivery.failure.exhausted',
  uncertain: 'admin.delivery.failure.uncertain',
};

const when = (iso: string) => new Date(iso).toLocaleString(localeTag(), { dateStyle: 'medium', timeStyle: 'short' });

function FailedRow({ message }: { message: FailedMessage }) {
  const retry = useRetryMessage();
  const { t } = useT(enAdmin);
  const send = () =>
    retry.mutate(message.id, {
      onSuccess: () =>
        toast({
          title: t('admin.delivery.queued'),
          description: t('admin.delivery.queuedText', { to: message.to }),
        }),
      onError: (error) =>
        toast({
          title: t('admin.error'),
          description: errorText(error, t('admin.delivery.queueFailed')),
          variant: 'destructive',
        }),
    });
  const label = t('admin.delivery.sendAgainOf', { to: message.to });
  return (
    <li className="grid gap-2 rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={message.channel === 'email' ? 'blue' : 'teal'}>
          {message.channel === 'email' ? t('admin.delivery.channelEmail') : t('admin.delivery.channelSms')}
        </Badge>
        <span className="min-w-0 flex-1 truncate font-medium">{message.to}</span>
        <Badge tone="amber">{t(FAILURE_LABEL[message.failure])}</Badge>
      </div>
      <p className="text-sm text-stone-800">
        {message.subject ??
          (message.channel === 'sms' ? t('admin.delivery.textMessage') : t('admin.delivery.noSubject'))}
      </p>
      {message.text === null ? (
        <p className="text-sm italic text-stone-600">{t('admin.delivery.heldCode')}</p>
      ) : (
        <p className="whitespace-pre-wrap text-sm text-stone-700">{message.text}</p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('admin.delivery.attempts')}</dt>
        <dd>{message.attempts}</dd>
        <dt className="font-medium">{t('admin.delivery.lastError')}</dt>
        <dd className="break-words">{message.lastError ?? t('admin.delivery.noneRecorded')}</dd>
        <dt className="font-medium">{t('admin.delivery.failed')}</dt>
        <dd>{t('admin.delivery.failedOn', { failed: when(message.failedAt), written: when(message.createdAt) })}</dd>
      </dl>
      <div>
        {message.failure === 'uncertain' ? (
          <ConfirmDialog
            title={t('admin.delivery.sendAgainTitle')}
            description={t('admin.delivery.sendAgainText')}
            confirmLabel={t('admin.delivery.sendAgain')}
            onConfirm={send}
            trigger={
              <Button variant="secondary" aria-label={label} disabled={retry.isPending}>
                {t('admin.delivery.sendAgain')}
              </Button>
            }
          />
        ) : (
          <Button variant="secondary" aria-label={label} disabled={retry.isPending} onClick={send}>
            {t('admin.delivery.sendAgain')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The admin panel's Delivery tab: whether messages go out at all, the hourly SMS budget and the messages the outbox gave up on (GET /api/admin/outbox?status=failed). */
export function AdminDeliveryTab() {
  const failed = useFailedMessages();
  const { t } = useT(enAdmin);
  return (
    <Card>
      {failed.data && <DeliverySetupNotice delivery={failed.data.delivery} />}
      {failed.data && <SmsBudgetNotice budget={failed.data.smsBudget} />}
      <h2 className="text-lg font-semibold">{t('admin.delivery.heading')}</h2>
      <p className="mt-1 text-sm text-stone-700">{t('admin.delivery.intro')}</p>
      {failed.isPending && <Spinner />}
      {failed.isError && <p className="mt-3 text-red-700">{errorText(failed.error, t('admin.delivery.loadFailed'))}</p>}
      {failed.data && failed.data.messages.length === 0 && (
        <p className="mt-3 text-stone-700">{nothingFailedText(failed.data.delivery)}</p>
      )}
      <ul className="mt-3 grid gap-2" aria-label={t('admin.delivery.failedList')}>
        {failed.data?.messages.map((message) => (
          <FailedRow key={message.id} message={message} />
        ))}
      </ul>
    </Card>
  );
}
