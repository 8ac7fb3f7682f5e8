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

const FAILURE_LABEL: Record<DeliveryFailure, string> = {
  refused: 'Refused by the gateway',
  exhausted: 'Gave up after every attempt',
  uncertain: 'May have arrived',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function FailedRow({ message }: { message: FailedMessage }) {
  const retry = useRetryMessage();
  const send = () =>
    retry.mutate(message.id, {
      onSuccess: () =>
        toast({ title: 'Message queued', description: `It will be sent to ${message.to} again shortly.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorText(error, 'Failed to queue the message again'),
          variant: 'destructive',
        }),
    });
  const label = `Send the message to ${message.to} again`;
  return (
    <li className="grid gap-2 rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={message.channel === 'email' ? 'blue' : 'teal'}>
          {message.channel === 'email' ? 'E-mail' : 'SMS'}
        </Badge>
        <span className="min-w-0 flex-1 truncate font-medium">{message.to}</span>
        <Badge tone="amber">{FAILURE_LABEL[message.failure]}</Badge>
      </div>
      <p className="text-sm text-stone-800">
        {message.subject ?? (message.channel === 'sms' ? 'Text message' : 'No subject')}
      </p>
      {message.text === null ? (
        <p className="text-sm italic text-stone-600">Held a code or a link: the text is not shown.</p>
      ) : (
        <p className="whitespace-pre-wrap text-sm text-stone-700">{message.text}</p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm text-stone-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Attempts</dt>
        <dd>{message.attempts}</dd>
        <dt className="font-medium">Last error</dt>
        <dd className="break-words">{message.lastError ?? 'None recorded'}</dd>
        <dt className="font-medium">Failed</dt>
        <dd>
          {when(message.failedAt)} (written {when(message.createdAt)})
        </dd>
      </dl>
      <div>
        {message.failure === 'uncertain' ? (
          <ConfirmDialog
            title="Send it again?"
            description="The gateway may already have delivered this message. Sending it again may reach the person twice."
            confirmLabel="Send again"
            onConfirm={send}
            trigger={
              <Button variant="secondary" aria-label={label} disabled={retry.isPending}>
                Send again
              </Button>
            }
          />
        ) : (
          <Button variant="secondary" aria-label={label} disabled={retry.isPending} onClick={send}>
            Send again
          </Button>
        )}
      </div>
    </li>
  );
}

/** The admin panel's Delivery tab: whether messages go out at all, the hourly SMS budget and the messages the outbox gave up on (GET /api/admin/outbox?status=failed). */
export function AdminDeliveryTab() {
  const failed = useFailedMessages();
  return (
    <Card>
      {failed.data && <DeliverySetupNotice delivery={failed.data.delivery} />}
      {failed.data && <SmsBudgetNotice budget={failed.data.smsBudget} />}
      <h2 className="text-lg font-semibold">Messages that could not be delivered</h2>
      <p className="mt-1 text-sm text-stone-700">
        Codes, reset links and notices the e-mail or SMS gateway refused, or that might have arrived when the server
        stopped mid-send. Codes expire after 15 minutes: the person can always ask for a new one.
      </p>
      {failed.isPending && <Spinner />}
      {failed.isError && <p className="mt-3 text-red-700">{errorText(failed.error, 'Failed to load messages')}</p>}
      {failed.data && failed.data.messages.length === 0 && (
        <p className="mt-3 text-stone-700">{nothingFailedText(failed.data.delivery)}</p>
      )}
      <ul className="mt-3 grid gap-2" aria-label="Failed messages">
        {failed.data?.messages.map((message) => (
          <FailedRow key={message.id} message={message} />
        ))}
      </ul>
    </Card>
  );
}
