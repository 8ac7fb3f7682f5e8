import type { SendState } from './send-message.ts';
import { t } from '../../i18n/i18n.ts';

/** Below the form: the reference to quote, or that the message waits on the phone for a connection. */
export function MessageStatus({ sent, queued }: Pick<SendState, 'sent' | 'queued'>) {
  if (sent) {
    return (
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        {t('messages.sentReference')} <strong data-testid="message-reference">{sent.reference}</strong>
        {t('messages.quoteIt')}
      </p>
    );
  }
  if (queued) {
    return (
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        {t('messages.offlineStatus')}
      </p>
    );
  }
  return null;
}
