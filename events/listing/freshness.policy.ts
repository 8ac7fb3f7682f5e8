// Listings that stay true (issue 34, docs/decisions/400): a host confirms a listing is still
// available; one not confirmed for 45 days leaves search, after a reminder a week before. Pure.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The host is asked to confirm once a listing has gone this long without it. */
export const CONFIRM_EVERY_DAYS = 30;
/** Not confirmed for this long, a listing leaves search. */
export const EXPIRES_AFTER_DAYS = 45;
/** The reminder goes this long before; a listing never leaves search sooner than this after its reminder. */
export const REMINDER_DAYS_BEFORE = 7;

const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** When the reminder is due: a week before the 45 days end. */
export const reminderDueAt = (confirmedAt: string) => plusDays(confirmedAt, EXPIRES_AFTER_DAYS - REMINDER_DAYS_BEFORE);

/**
 * When a reminded listing leaves search: 45 days after its confirmation, and never less than a
 * week after the reminder (a server that was down, or a listing approved before this rule, still
 * gives its host the week).
 */
export function expiresAt(confirmedAt: string, remindedAt: string): string {
  const byConfirmation = Date.parse(confirmedAt) + EXPIRES_AFTER_DAYS * DAY_MS;
  const byReminder = Date.parse(remindedAt) + REMINDER_DAYS_BEFORE * DAY_MS;
  return new Date(Math.max(byConfirmation, byReminder)).toISOString();
}

/** Whether the host should be asked to confirm (the dashboard's prompt). */
export const confirmationDue = (confirmedAt: string, now: string) => plusDays(confirmedAt, CONFIRM_EVERY_DAYS) <= now;
