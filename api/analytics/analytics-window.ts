import type { DailyVisits } from '../contract/analytics.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export type AnalyticsWindow = { days: number; from: string; to: string; start: Date };

/**
 * The last `days` UTC calendar days, today included: from 00:00:00 UTC of the first day
 * (`start`) to now. `from` and `to` are the first and last day, both included.
 */
export function analyticsWindow(now: Date, days: number): AnalyticsWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  return { days, from: utcDay(start), to: utcDay(now), start };
}

/** One entry per day of the window, oldest first; days without a row are zeros. */
export function dailySeries(window: AnalyticsWindow, rows: readonly DailyVisits[]): DailyVisits[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return Array.from({ length: window.days }, (_, i) => {
    const date = utcDay(new Date(window.start.getTime() + i * DAY_MS));
    return byDate.get(date) ?? { date, visitors: 0, pageViews: 0 };
  });
}

/** Spec section 9: registered ÷ unique visitors as a percentage to one decimal (half up); 0 without visitors. */
export const conversionRate = (registered: number, unique: number): number =>
  unique === 0 ? 0 : Math.round((registered * 1000) / unique) / 10;
