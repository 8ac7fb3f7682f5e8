import { localeTag } from '../../i18n/i18n.ts';

/** When a message was sent: the time today, the day and time before (in the reader's language). */
export function messageTime(iso: string, now = new Date()): string {
  const sent = new Date(iso);
  const today = sent.toDateString() === now.toDateString();
  return sent.toLocaleString(
    localeTag(),
    today
      ? { hour: '2-digit', minute: '2-digit' }
      : {
          day: 'numeric',
          month: 'short',
          ...(sent.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
          hour: '2-digit',
          minute: '2-digit',
        },
  );
}
