import { currentLanguage, localeTag } from '../../i18n/i18n.ts';

/** "7 Dec 2026, 16:46": the day as decidedOn writes it, and the time, for a message the admins read. */
export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString(currentLanguage().code === 'en' ? 'en-GB' : localeTag(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
