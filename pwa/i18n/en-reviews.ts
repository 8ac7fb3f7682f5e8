import { addEnglish } from './i18n.ts';

// English messages of reviews (issue 34, ADR 410): the listing page's reviews, the form and the host's answer.
export const enReviews = addEnglish({
  'reviews.title': 'Reviews',
  'reviews.none': 'No reviews yet.',
  'reviews.rule': 'Reviews come from renters the host answered in Messages, written at least a week after that answer.',
  'reviews.write': 'Write a review',
  'reviews.tooSoon': 'You can review this listing from {date}, a week after its host first answered you.',
  'reviews.yours': 'You reviewed this listing',
  'reviews.removed': 'Efie removed your review on {date}: it no longer counts in the rating.',
  'reviews.removedWhy': 'Why: {reason}',
  'reviews.stars': 'Your rating',
  'reviews.star.one': '{count} star',
  'reviews.star.other': '{count} stars',
  'reviews.text': 'What was it like?',
  'reviews.send': 'Post review',
  'reviews.sending': 'Posting…',
  'reviews.posted': 'Thank you: your review is on the listing.',
  'reviews.chooseStars': 'Choose a rating from 1 to 5 stars',
  'reviews.hostAnswer': 'The host answered',
  'reviews.answer': 'Answer this review',
  'reviews.answerLabel': 'Your answer (you can answer once)',
  'reviews.sendAnswer': 'Post answer',
  'reviews.answered': 'Your answer is under the review.',
  'reviews.failed': 'That did not work. Check your connection and try again.',
  'reviews.cancel': 'Cancel',
});
