import { describe, expect, it } from 'vitest';
import { confirmedAgoText, daysSince } from './confirmed-ago.ts';

describe('when a listing was last confirmed available', () => {
  const now = Date.parse('2026-11-29T10:00:00.000Z');

  it('counts whole days, none on the day itself or for a clock running behind', () => {
    expect(daysSince('2026-11-29T01:00:00.000Z', now)).toBe(0);
    expect(daysSince('2026-11-28T10:00:00.000Z', now)).toBe(1);
    expect(daysSince('2026-10-30T09:59:00.000Z', now)).toBe(30);
    expect(daysSince('2026-11-30T10:00:00.000Z', now)).toBe(0);
  });

  it('says it in words', () => {
    expect(confirmedAgoText('2026-11-29T01:00:00.000Z', now)).toBe('Confirmed available today');
    expect(confirmedAgoText('2026-11-28T10:00:00.000Z', now)).toBe('Confirmed available 1 day ago');
    expect(confirmedAgoText('2026-11-19T10:00:00.000Z', now)).toBe('Confirmed available 10 days ago');
  });
});
