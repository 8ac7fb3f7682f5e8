import { addEnglish } from './i18n.ts';

// English messages of the admin panel's Reviews tab (issue 34, ADR 410): finding reviews and removing one.
export const enAdminReviews = addEnglish({
  'admin.tabReviews': 'Reviews',
  'admin.reviews.intro':
    'Reviews renters wrote, newest first. Remove one that breaks the rules: it leaves the listing and its rating at once.',
  'admin.reviews.find': 'Find reviews',
  'admin.reviews.findPlaceholder': 'Listing title or review text',
  'admin.reviews.show': 'Show reviews',
  'admin.reviews.viewLive': 'On listings',
  'admin.reviews.viewRemoved': 'Removed',
  'admin.reviews.viewAll': 'All',
  'admin.reviews.count.one': '{count} review',
  'admin.reviews.count.other': '{count} reviews',
  'admin.reviews.list': 'Reviews',
  'admin.reviews.none': 'No reviews here.',
  'admin.reviews.loadFailed': 'The reviews could not be loaded. Please try again.',
  'admin.reviews.deletedListing': 'A deleted listing',
  'admin.reviews.by': 'By {name} · {date}',
  'admin.reviews.aRenter': 'a renter',
  'admin.reviews.hostAnswer': 'The host answered',
  'admin.reviews.removedBadge': 'Removed',
  'admin.reviews.removedOn': 'Removed on {date}: {reason}',
  'admin.reviews.remove': 'Remove',
  'admin.reviews.removeOf': 'Remove the review by {name} of {title}',
  'admin.reviews.reasonLabel': 'Which rule does it break? (its author will read this)',
  'admin.reviews.reasonRequired': 'Say which rule it breaks',
  'admin.reviews.confirmRemove': 'Remove review',
  'admin.reviews.cancel': 'Cancel',
  'admin.reviews.removed': 'Review removed',
  'admin.reviews.removeFailed': 'The review could not be removed',
});
