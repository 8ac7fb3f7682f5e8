import { addEnglish } from './i18n.ts';

// English messages of listings that stay true (issue 34, ADR 400): the host's card and prompt, and the listing page.
export const enFreshness = addEnglish({
  'freshness.badgeExpired': 'Left search',
  'freshness.badgeLet': 'Let',
  'freshness.confirmedToday': 'Confirmed available today',
  'freshness.confirmedDaysAgo.one': 'Confirmed available {count} day ago',
  'freshness.confirmedDaysAgo.other': 'Confirmed available {count} days ago',
  'freshness.leavesOn': 'Leaves search on {date} unless you confirm it.',
  'freshness.dueSoon': 'Is it still available? Confirm it so renters can trust it.',
  'freshness.expired': 'Left search: not confirmed for 45 days.',
  'freshness.let': 'Marked as let: out of search.',
  'freshness.stillAvailable': 'Still available',
  'freshness.alreadyLet': 'Already let',
  'freshness.bringBack': 'Bring it back',
  'freshness.promptTitle': 'Is “{title}” still available?',
  'freshness.promptText': 'One tap keeps it in search for another 45 days. If it is let, it leaves search at once.',
  'freshness.promptGone': 'That listing is no longer yours or no longer on Efie.',
  'freshness.confirmed': 'Thank you: renters see that it is still available.',
  'freshness.markedLet': 'Marked as let: it has left search.',
  'freshness.back': 'Back on Efie: renters find it in search again.',
  'freshness.backForReview':
    'You changed it while it was down, so the Efie team checks it again before renters see it.',
  'freshness.failed': 'That did not work. Check your connection and try again.',
});
