import { describe, expect, it } from 'vitest';
import { reviewEligibility } from './review.policy.ts';

// The one rule of who may review a listing and when, which the decider enforces and the listing's
// reviews answer tells the page beforehand.

const ask = (overrides: Partial<Parameters<typeof reviewEligibility>[0]> = {}) =>
  reviewEligibility({
    actorId: 'renter-1',
    hostId: 'host-1',
    reviewed: false,
    firstReplyAt: '2026-11-01T10:00:00.000Z',
    at: '2026-11-08T10:00:00.000Z',
    ...overrides,
  });

describe('review eligibility', () => {
  it('allows a renter a week after the host first answered, and says from when before', () => {
    expect(ask()).toEqual({ status: 'allowed' });
    expect(ask({ at: '2026-11-08T09:59:59.999Z' })).toEqual({ status: 'too_soon', from: '2026-11-08T10:00:00.000Z' });
  });

  it('refuses the host, a renter who reviewed already, and one never answered, in that order', () => {
    expect(ask({ actorId: 'host-1', reviewed: true, firstReplyAt: null })).toEqual({ status: 'own_listing' });
    expect(ask({ reviewed: true, firstReplyAt: null })).toEqual({ status: 'already_reviewed' });
    expect(ask({ firstReplyAt: null })).toEqual({ status: 'not_allowed' });
  });
});
