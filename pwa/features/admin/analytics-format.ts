import '../../i18n/en-admin.ts';
import { currentLanguage, localeTag, t } from '../../i18n/i18n.ts';

// How the User Analytics tab writes numbers and dates: in the active language (US English by default),
// calendar days in UTC because the server counts days in UTC (analytics.schema.ts).

export const count = (value: number) => value.toLocaleString(localeTag());

/** The contract's conversion rate (a percentage to 1 decimal) as the spec shows it: `12.5%`. */
export const percent = (rate: number) =>
  currentLanguage().code === 'en'
    ? `${(Number.isFinite(rate) ? rate : 0).toFixed(1)}%`
    : new Intl.NumberFormat(localeTag(), {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format((Number.isFinite(rate) ? rate : 0) / 100);

/** `2026-01-05` as `Jan 5`. */
export function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString(localeTag(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A visit's time in the admin's own time zone: `Jan 5, 2026, 2:05 PM`. */
export function visitTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? t('admin.analytics.unknown')
    : date.toLocaleString(localeTag(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The day with the most of `key`, for the chart's description; null when every day is zero. */
export function busiestDay<T extends { date: string }>(
  days: T[],
  value: (day: T) => number,
): { date: string; value: number } | null {
  let best: { date: string; value: number } | null = null;
  for (const day of days) if (value(day) > (best?.value ?? 0)) best = { date: day.date, value: value(day) };
  return best;
}

/** A round top for the chart's scale (1, 2 or 5 times a power of ten), at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** City and country as one place, leaving out the server's "unknown". */
export function place(city: string, country: string): string {
  const known = [city, country].filter((part) => part && part.toLowerCase() !== 'unknown');
  return known.length > 0 ? known.join(', ') : t('admin.analytics.unknown');
}
