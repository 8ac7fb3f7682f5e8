import { tn } from '../i18n/i18n.ts';

// A 429's Retry-After said plainly: "1 minute", "45 seconds", "3 hours". Rounded up, so the
// person never tries again a moment too soon.

export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return tn('count.second', whole);
  if (whole < 60 * 60) return tn('count.minute', Math.ceil(whole / 60));
  return tn('count.hour', Math.ceil(whole / 3600));
}
