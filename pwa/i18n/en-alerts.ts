import { addEnglish } from './i18n.ts';

// English messages of the search alerts (issue 33, ADR 370), in their own chunk: the search page's
// button and the renter dashboard's list import them (ADR 360).
export const enAlerts = addEnglish({
  'alerts.byMessage': 'Alerts come by e-mail or SMS, at most one a day for each search.',
  'alerts.delete': 'Delete',
  'alerts.deleteFailed': 'The alert could not be deleted',
  'alerts.deleteNamed': 'Delete the alert {name}',
  'alerts.deleted': 'Alert deleted',
  'alerts.error': 'Error',
  'alerts.findHomes': 'Search homes',
  'alerts.heading': 'Search alerts',
  'alerts.intro': 'We tell you when a new home matches one of your searches, at most once a day for each.',
  'alerts.loadFailed': 'Your search alerts could not be loaded. Please try again.',
  'alerts.none': 'No search alerts yet. Search, then tap "Alert me about new homes like these".',
  'alerts.pushDenied': 'This phone blocks Efie’s notifications: alerts come by e-mail or SMS instead.',
  'alerts.pushOn': 'This phone shows your alerts.',
  // The search page's own button says the same before this chunk loads ('search.alertMe').
  'alerts.queuedLabel': 'Search alert: {name}',
  'alerts.queuedNote':
    'You are offline: this search alert is kept on your phone and will be saved when you are back online.',
  'alerts.queuedTitle': 'Saved on your phone',
  'alerts.save': 'Alert me about new homes like these',
  'alerts.saveFailed': 'The search could not be saved',
  'alerts.savedNote': 'Saved. We will tell you when a new home matches this search.',
  'alerts.savedTitle': 'Search alert saved',
  'alerts.saving': 'Saving…',
  'alerts.sent.one': '{count} alert sent',
  'alerts.sent.other': '{count} alerts sent',
  'alerts.showResults': 'Show results',
  'alerts.turnOnPush': 'Show alerts on this phone',
});
