import { t, tn } from '../i18n/i18n.ts';
import { enFreshness } from '../i18n/en-freshness.ts';

// Listings that stay true (issue 34, ADR 400): how the listing page and the host's card say when a
// listing was last confirmed available.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The host is asked to confirm once this long has passed (events/listing/freshness.policy.ts). */
export const CONFIRM_EVERY_DAYS = 30;

export const freshnessMessages = enFreshness;

/** Whole days from `iso` to `now` (0 on the day itself). */
export const daysSince = (iso: string, now = Date.now()) => Math.max(0, Math.floor((now - Date.parse(iso)) / DAY_MS));

/** "Confirmed available today", "… 3 days ago". */
export function confirmedAgoText(iso: string, now = Date.now()): string {
  const days = daysSince(iso, now);
  return days === 0 ? t('freshness.confirmedToday') : tn('freshness.confirmedDaysAgo', days);
}
