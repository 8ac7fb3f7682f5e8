import type { SendState } from './send-message.ts';

/** Below the form: the reference to quote, or that the message waits on the phone for a connection. */
export function MessageStatus({ sent, queued }: Pick<SendState, 'sent' | 'queued'>) {
  if (sent) {
    return (
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        Your message was sent. Your reference is <strong data-testid="message-reference">{sent.reference}</strong>:
        quote it if you write to us again.
      </p>
    );
  }
  if (queued) {
    return (
      <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        You&apos;re offline: your message is saved on this phone and will be sent when you&apos;re back online.
      </p>
    );
  }
  return null;
}
