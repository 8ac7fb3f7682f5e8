import { useEffect, useRef, useState } from 'react';
import type { MessageReceipt } from '../../lib/contract.ts';
import { onFormSent, sendForm } from '../../offline/queue-form.ts';
import type { MessageEndpoint } from './message-forms.outbox.ts';
import { toast } from '../../ui/toast.ts';

// Sending a support or contact form: now when online, else kept on the phone and sent once
// when the connection returns (pwa/offline/queue-form.ts). The screen keeps the values on a
// failure and empties the form when the message is sent or safely queued.

export type SendState = { sending: boolean; sent: MessageReceipt | null; queued: boolean };

export const OFFLINE_QUEUED = {
  title: 'Saved on your phone',
  description: "You're offline: your message will be sent when you're back online.",
} as const;

export function useSendMessage(
  endpoint: MessageEndpoint,
  texts: { success: string; failure: { title: string; description: string } },
) {
  const [state, setState] = useState<SendState>({ sending: false, sent: null, queued: false });
  const unsubscribe = useRef<(() => void) | null>(null);
  useEffect(() => () => unsubscribe.current?.(), []);

  /** Answers true when the form should be emptied (sent, or kept on the phone to send). */
  async function send(body: Record<string, unknown>, label: string): Promise<boolean> {
    setState({ sending: true, sent: null, queued: false });
    try {
      const outcome = await sendForm<MessageReceipt>({ endpoint, body, label });
      if (outcome.status === 'sent') {
        setState({ sending: false, sent: outcome.result, queued: false });
        toast({ title: 'Message Sent Successfully', description: texts.success });
      } else {
        setState({ sending: false, sent: null, queued: true });
        toast(OFFLINE_QUEUED);
        unsubscribe.current?.();
        unsubscribe.current = onFormSent<MessageReceipt>(outcome.key, (receipt) => {
          setState({ sending: false, sent: receipt, queued: false });
          toast({
            title: 'Message Sent Successfully',
            description: `Your message went out now that you're back online. ${texts.success}`,
          });
        });
      }
      return true;
    } catch {
      setState({ sending: false, sent: null, queued: false });
      toast({ ...texts.failure, variant: 'destructive' });
      return false;
    }
  }
  return { ...state, send };
}
