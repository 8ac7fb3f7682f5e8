import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText, isStatus } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { FieldError, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.ts';
import { MESSAGE_TEXT_MAX, MESSAGE_TEXT_REQUIRED } from './conversations-contract.ts';
import { type MessageOutcome, type MessageToSend, sendConversationMessage } from './send-conversation-message.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enConversations } from '../../i18n/en-conversations.ts';

type Props = {
  to: Pick<MessageToSend, 'conversationId' | 'listingId' | 'listingTitle'>;
  ownerId: string;
  initialText?: string;
  label?: string;
  onSent?: (outcome: MessageOutcome) => void;
  onCancel?: () => void;
};

/**
 * Writes a message: sent now with a connection, else kept in the outbox (shown as "Sending…" until
 * it arrives). A refusal keeps the text for the person to try again.
 */
export function Composer({ to, ownerId, initialText = '', label, onSent, onCancel }: Props) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const id = useId();
  const { t } = useT(enConversations);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(MESSAGE_TEXT_REQUIRED);
    setError(undefined);
    setSending(true);
    try {
      const outcome = await sendConversationMessage({
        ...to,
        text: trimmed,
        ownerId,
        label: t('conversations.queuedLabel', { title: to.listingTitle }),
      });
      setText('');
      if (outcome.status === 'sent') void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      onSent?.(outcome);
    } catch (failure) {
      // Blocked meanwhile: the thread is drawn again and says so.
      if (isStatus(failure, 403)) void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      toast({
        title: t('conversations.error'),
        description: translateText(errorText(failure, t('conversations.sendFailed'))),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate>
      <label htmlFor={id} className="text-sm font-medium">
        {label ?? t('conversations.yourMessage')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MESSAGE_TEXT_MAX}
        rows={3}
        className={`${inputClass} min-h-20`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('conversations.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? t('conversations.sending') : t('conversations.send')}
        </Button>
      </div>
    </form>
  );
}
