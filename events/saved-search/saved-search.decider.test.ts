import { describe, it } from 'vitest';
import { givenWhenThen } from '../../testing/given-when-then.ts';
import { type SavedSearchCommand, type SavedSearchEvent, savedSearchDecider } from './saved-search.decider.ts';

// Given a saved search's events, when it is saved, alerted or unsubscribed, then events or an error.
const at = '2026-11-29T10:00:00.000Z';
const hoursLater = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();
const renter = { id: 'r1', isAdmin: false };
const filters = { location: 'Hohoe', maxAdvanceRent: '6' };

const save = (kept = 0): SavedSearchCommand => ({
  type: 'SaveSearch',
  searchId: 's1',
  actor: renter,
  name: 'Hohoe, 6 months up front at most',
  filters,
  kept,
  limit: 20,
  at,
});
const saved: SavedSearchEvent = {
  type: 'SearchSaved',
  data: { searchId: 's1', userId: 'r1', name: 'Hohoe, 6 months up front at most', filters, savedAt: at },
};
const alert = (listingId: string, when = at, ownerId = 'host'): SavedSearchCommand => ({
  type: 'SendAlert',
  listingId,
  ownerId,
  channel: 'push',
  at: when,
});
const alerted = (listingId: string, when = at): SavedSearchEvent => ({
  type: 'SearchAlertSent',
  data: { searchId: 's1', listingId, channel: 'push', sentAt: when },
});
const unsubscribed = (by: 'owner' | 'link'): SavedSearchEvent => ({
  type: 'SearchUnsubscribed',
  data: { searchId: 's1', by, unsubscribedAt: at },
});

const given = givenWhenThen(savedSearchDecider);

describe('saved search decider', () => {
  it('saves a search for its owner, within the limit, once', () => {
    given().when(save()).then([saved]);
    given().when(save(19)).then([saved]);
    given().when(save(20)).thenRefuses('too_many_saved_searches', 'conflict', {
      message: 'You can keep 20 saved searches. Delete one before you save another.',
    });
    given(saved)
      .when(save())
      .thenRefuses('saved_search_exists', 'conflict', { message: 'A saved search with this id already exists.' });
  });

  it('alerts about a listing at most once a day, never twice about one listing, never about the renter’s own', () => {
    given(saved)
      .when(alert('l1'))
      .then([alerted('l1')]);
    given(saved, alerted('l1'))
      .when(alert('l2', hoursLater(23.9)))
      .then([]);
    given(saved, alerted('l1'))
      .when(alert('l2', hoursLater(24)))
      .then([alerted('l2', hoursLater(24))]);
    given(saved, alerted('l1'))
      .when(alert('l1', hoursLater(48)))
      .then([]);
    given(saved)
      .when(alert('l1', at, 'r1'))
      .then([]);
    given().when(alert('l1')).then([]);
  });

  it('stops alerting once unsubscribed, by its owner or by the link; nobody else can', () => {
    given(saved)
      .when({ type: 'Unsubscribe', actor: renter, at })
      .then([unsubscribed('owner')]);
    given(saved)
      .when({ type: 'Unsubscribe', actor: null, at })
      .then([unsubscribed('link')]);
    given(saved, unsubscribed('link')).when({ type: 'Unsubscribe', actor: null, at }).then([]);
    given(saved, unsubscribed('link')).when(alert('l1')).then([]);
    given(saved)
      .when({ type: 'Unsubscribe', actor: { id: 'r2', isAdmin: false }, at })
      .thenRefuses('saved_search_not_found', 'not_found', { message: 'No saved search has this id.' });
    given().when({ type: 'Unsubscribe', actor: null, at }).thenRefuses('saved_search_not_found', 'not_found');
  });
});
