import { localeTag, tn } from '../i18n/i18n.ts';

// How long a host takes to answer, said plainly: "10 minutes", "3 hours", "2 days". Rounded up,
// since it is read as "within" (the listing page's "Usually replies within 3 hours").

const HOUR = 60;
const DAY = 24 * HOUR;

export function replyTimeText(minutes: number): string {
  const whole = Math.max(1, Math.ceil(minutes));
  if (whole < HOUR) return tn('count.minute', whole);
  const hours = Math.ceil(whole / HOUR);
  if (hours < DAY / HOUR) return tn('count.hour', hours);
  // The first download's catalog has no days: Intl writes them in the active language.
  return new Intl.NumberFormat(localeTag(), { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(
    Math.ceil(whole / DAY),
  );
}
